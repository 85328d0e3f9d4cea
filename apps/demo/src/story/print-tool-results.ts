import type { TurnResult } from '@jangts/agent-core/kits/turn';
import { fitToWidth } from '../terminal/display-width.js';
import { formatTable } from '../terminal/format-table.js';
import { printableText } from '../terminal/printable-text.js';
import type { StoryScreen } from '../terminal/story-screen.js';

/**
 * Prints what the model read back for each call: the `tool` messages of the turn's history (tool
 * trust), exactly as the next model call received them — the App's result, a denial, or the note
 * the final tool gets — one row per call, cut to one line.
 */
export function printToolResults(screen: StoryScreen, result: TurnResult): void {
  const toolIds = new Map(result.steps.flatMap((step) => step.calls.map((call) => [call.callId, call.toolId] as const)));
  const rows = result.history.flatMap((message) => (message.role === 'tool' ? [[message.callId, toolIds.get(message.callId) ?? '?', fitToWidth(printableText(message.content), 100)]] : []));
  if (rows.length === 0) return;
  screen.line('   tool results in the history (trust tool), as a model call reads them:');
  for (const line of formatTable(rows)) screen.line(`     ${line}`);
}
