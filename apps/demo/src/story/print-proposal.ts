import type { ToolProposal } from '@jangts/agent-core/types';
import { formatTable } from '../terminal/format-table.js';
import type { StoryScreen } from '../terminal/story-screen.js';
import { argumentRows } from './argument-rows.js';

/** Prints one proposal — its call id, tool, what became of it (`note`) — and its arguments, one field per row. */
export function printProposal(screen: StoryScreen, label: string, proposal: ToolProposal, note: string): void {
  screen.line(`   ${label} ${proposal.callId} → ${proposal.toolId}  (${note})`);
  for (const line of formatTable(argumentRows(proposal.args))) screen.line(`     ${line}`);
}
