import type { TurnResult } from '@jangts/agent-core/kits/turn';
import { countOf } from '../terminal/count-of.js';
import { formatTable } from '../terminal/format-table.js';
import type { StoryScreen } from '../terminal/story-screen.js';

/**
 * Prints the turn's own account of itself: the budgets used against their limits, and one row per
 * proposal of every model call (what became of it, and who decided: the tool's policy or the App).
 */
export function printTurnSteps(screen: StoryScreen, result: TurnResult): void {
  const { budget } = result;
  const reason = result.status === 'stopped' ? ` by ${result.stoppedBy}` : '';
  screen.line(
    `   turn     ${result.status}${reason}: ${countOf(budget.steps, 'model call')} of ${budget.maxSteps} · ${countOf(budget.toolCalls, 'tool call')} of ${budget.maxToolCalls} · ` +
      `input ${budget.inputChars} of ${budget.maxInputChars} chars`,
  );
  const rows = result.steps.flatMap((step) =>
    step.calls.length === 0
      ? [[String(step.step), step.outcome, '', '', step.code ?? '', '']]
      : step.calls.map((call) => [String(step.step), step.outcome, call.callId, call.toolId, call.code === undefined ? call.status : `${call.status} (${call.code})`, call.decidedBy ?? '']),
  );
  for (const line of formatTable([['step', 'outcome', 'call', 'tool', 'status', 'decided by'], ...rows], ['right'])) screen.line(`   ${line}`);
}
