import { AgentCoreError, assembleConversation, validateContextFragment } from '@jangts/agent-core/context';
import type { ContextFragment, SubFlowLog } from '@jangts/agent-core/types';
import { formatTable } from '../terminal/format-table.js';
import { writeLine, type TerminalOutput } from '../terminal/terminal-output.js';
import { TURN_BUDGETS } from './define-support-turn.js';
import { smuggledSystemFragment, smuggledSystemHistory } from './smuggled-system-content.js';
import { supportFragments } from './support-fragments.js';

/**
 * Step 1: assembles the turn's context from declared fragments as one conversation (no history
 * yet), prints the usage table, and shows the trust boundary refusing customer text in the system
 * slot, as a fragment and as a message of a history. Each outcome is recorded in the trace.
 * Returns the fragments, which the turn assembles (and checks) again on every run and resume.
 */
export function assembleSupportContext(output: TerminalOutput, log: SubFlowLog): ContextFragment[] {
  const fragments = supportFragments();
  const { maxInputChars } = TURN_BUDGETS;
  const conversation = assembleConversation({ fragments, history: [], maxInputChars });
  const { context } = conversation;

  const rows = context.fragmentUsage.map((usage) => [usage.id, usage.sourceId, usage.trust, usage.lifetime, usage.role, `${usage.chars}/${usage.maxChars}`]);
  for (const line of formatTable([['id', 'source', 'trust', 'lifetime', 'role', 'chars/max'], ...rows], ['left', 'left', 'left', 'left', 'left', 'right'])) {
    writeLine(output, `   ${line}`);
  }
  const layout = context.messages.map((message) => `${message.role} ← ${message.fragmentIds.join(', ')}`).join(' · ');
  writeLine(output, `   total ${conversation.inputChars} of maxInputChars ${maxInputChars} chars, in ${context.messages.length} messages (${layout}); the history is empty so far`);
  log.record('context.assembled', { inputChars: conversation.inputChars, maxInputChars, fragmentIds: context.fragmentUsage.map((usage) => usage.id) });

  writeLine(output);
  writeLine(output, "   The trust boundary: the customer's text asking for the system slot, as a fragment and inside a message list");
  const smuggled = smuggledSystemFragment();
  const asFragment = refusalOf(() => validateContextFragment(smuggled));
  writeLine(output, `   refused  ${asFragment.code}: ${asFragment.message}`);
  log.record('context.refused', { via: 'fragment', fragmentId: smuggled.id, sourceId: smuggled.sourceId, trust: smuggled.trust, code: asFragment.code });
  const asMessage = refusalOf(() => assembleConversation({ fragments, history: smuggledSystemHistory(), maxInputChars }));
  writeLine(output, `   refused  ${asMessage.code}: ${asMessage.message}`);
  const { field } = asMessage.details;
  log.record('context.refused', { via: 'history', field: typeof field === 'string' ? field : null, code: asMessage.code });
  return fragments;
}

/** The `AgentCoreError` that `attempt` throws; anything else (or no error at all) is a bug of the demo. */
function refusalOf(attempt: () => unknown): AgentCoreError {
  try {
    attempt();
  } catch (error) {
    if (AgentCoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the context package to refuse the content');
}
