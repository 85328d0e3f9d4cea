import { ModelRunner } from '@jangts/agent-core';
import type { TurnAwaitingApproval, TurnResult, TurnState } from '@jangts/agent-core/kits/turn';
import { createReplyPreview } from '@jangts/agent-core/support';
import type { ContextFragment, ModelProvider, SubFlowLog } from '@jangts/agent-core/types';
import { countOf } from '../terminal/count-of.js';
import { printableText } from '../terminal/printable-text.js';
import { createStoryScreen, type StoryScreen } from '../terminal/story-screen.js';
import type { TerminalOutput } from '../terminal/terminal-output.js';
import { decideOnReply } from './decide-on-reply.js';
import { defineSupportTurn, TURN_BUDGETS } from './define-support-turn.js';
import { createOrderDesk, type Refund } from './order-desk.js';
import { printProposal } from './print-proposal.js';
import { printToolResults } from './print-tool-results.js';
import { printTurnSteps } from './print-turn-steps.js';
import { REFUND_APPROVER } from './refund-approver.js';
import { REPLY_PREVIEW_RULE } from './reply-preview-rule.js';
import { RUNNER_LIMITS } from './runner-limits.js';
import type { SupportApp } from './support-app.js';
import { formatMoney, SUPPORT_TICKET } from './support-ticket.js';

/** What the App decides on a call awaiting approval: `--deny` shows the other path. */
export type RefundDecision = 'approve' | 'deny';

/** What {@link runSupportTurn} needs. */
export interface SupportTurnOptions {
  readonly output: TerminalOutput;
  readonly provider: ModelProvider;
  /** The turn's context, checked again by the turn on every run and resume. */
  readonly fragments: readonly ContextFragment[];
  /** The trace's root flow: the App's records; each run and resume of the turn gets a child flow. */
  readonly log: SubFlowLog;
  readonly decision: RefundDecision;
  readonly signal: AbortSignal;
}

/** How the turn ended, and what the App's tools did to the App's backend. */
export interface SupportTurnOutcome {
  readonly result: TurnResult;
  readonly refunds: readonly Refund[];
}

/**
 * Steps 2 and 3: runs the support turn until it waits for the App (the refund), shows the pending
 * proposal, decides (approve, or deny), keeps the state as JSON text and resumes from the text read
 * back — as another process would — until the turn is done. The reply's arguments stream into the
 * live preview token by token. A model call that failed ends the story with its error.
 */
export async function runSupportTurn({ output, provider, fragments, log, decision, signal }: SupportTurnOptions): Promise<SupportTurnOutcome> {
  const screen = createStoryScreen(output, {
    heading: '   preview: answer and bubbles.* of `reply`, shown once kind is "reply"',
    prefix: '   │ ',
    withdrawnNote: '(preview withdrawn: that model call failed or was refused, so nothing it streamed counts)',
  });
  let previewed = false;
  const preview = createReplyPreview({
    rules: [REPLY_PREVIEW_RULE],
    sink: (bubbles) => {
      previewed ||= bubbles.length > 0;
      screen.live(bubbles);
    },
    maxChars: 4000,
  });
  // Token by token: the preview is the runner's output sink, so it sees every delta of every model
  // call of the turn (the turn kit's own `preview` option is fed once per call, after it returned).
  const model = new ModelRunner({ provider, sink: { output: preview }, ...RUNNER_LIMITS });
  const turn = defineSupportTurn(model, screen);
  const app: SupportApp = { ticketId: SUPPORT_TICKET.id, desk: createOrderDesk() };

  heading(screen, 2, "Turn: the model proposes, the App decides, the App's tools execute (defineTurn)");
  screen.line('   tools    lookupOrder (approval auto) · issueRefund (approval required) · reply (final: returned to the App, never executed)');
  screen.line(`   budgets  ${Object.entries(TURN_BUDGETS).map(([name, limit]) => `${name} ${limit}`).join(' · ')}`);
  let result = await turn.run({ fragments, context: { app, logger: log.child('turn-run'), signal } });

  let rounds = 0;
  while (result.status === 'awaiting-approval') {
    rounds += 1;
    screen.line(`   turn     awaiting-approval after ${countOf(result.budget.steps, 'model call')} and ${countOf(result.budget.toolCalls, 'tool call')}`);
    if (rounds === 1) heading(screen, 3, 'Approval: the App decides on the recorded proposal and resumes the turn from its plain-JSON state');
    const stored = awaitApproval(screen, log, result);
    const decisions = result.proposals.map((proposal) => {
      const approve = decision === 'approve';
      screen.line(`   decision ${REFUND_APPROVER.name} (${REFUND_APPROVER.role}) ${approve ? 'approves' : 'denies'} ${proposal.callId} ${proposal.toolId}${approve ? '' : ' (--deny)'}; the turn resumes`);
      log.record('approval.decided', { callId: proposal.callId, toolId: proposal.toolId, approve, by: REFUND_APPROVER.name });
      return { callId: proposal.callId, approve };
    });
    // What another process would do: read the stored text back and resume from it.
    const state = JSON.parse(stored) as TurnState;
    result = await turn.resume(state, { decisions, context: { app, logger: log.child(`turn-resume-${rounds}`), signal } });
  }
  if (rounds === 0) {
    heading(screen, 3, 'Approval: nothing to decide');
    screen.line(`   the turn ended ${result.status} without a call awaiting approval`);
  }

  if (!screen.endLive() && !previewed) screen.line('   preview: nothing previewed (no `reply` of kind "reply" streamed)');
  printOutcome(screen, log, result);
  printTurnSteps(screen, result);
  printToolResults(screen, result);
  const { refunds } = app.desk;
  screen.line(`   refunds  ${refunds.length === 0 ? 'none: the App made no refund' : refunds.map((refund) => `${refund.refundId}, ${formatMoney(refund.amountCents, refund.currency)} for order ${refund.orderId}`).join(' · ')}`);
  if (result.status === 'stopped' && result.error !== undefined) throw result.error;
  return { result, refunds };
}

/**
 * Shows what waits for the App — each pending call with its recorded arguments, and the model's
 * text — and keeps the state as JSON text (the App keeps it server-side). Returns that text.
 */
function awaitApproval(screen: StoryScreen, log: SubFlowLog, result: TurnAwaitingApproval): string {
  const { state } = result;
  const assistant = state.history.at(-1);
  if (assistant?.role === 'assistant' && assistant.content.trim() !== '') screen.line(`   model    ${printableText(assistant.content.trim())}`);
  for (const proposal of result.proposals) printProposal(screen, 'pending ', proposal, 'valid against the tool schema; not run: approval required');
  const stored = JSON.stringify(state);
  const pending = state.calls.filter((call) => call.policy === 'required');
  screen.line(
    `   state    ${stored.length} chars of plain JSON: id ${state.id.slice(0, 8)}…, ${countOf(pending.length, 'call')} awaiting the App, ` +
      `each bound to its recorded arguments by a SHA-256 digest (${pending.map((call) => `${call.digest.slice(0, 12)}…`).join(', ')}); stored as text, read back with JSON.parse`,
  );
  log.record('approval.requested', { stateId: state.id, stateChars: stored.length, callIds: pending.map((call) => call.callId), approver: REFUND_APPROVER.name });
  return stored;
}

/** What the turn came to: the final reply (and the App's decision on it), or why it stopped. */
function printOutcome(screen: StoryScreen, log: SubFlowLog, result: TurnResult): void {
  if (result.status === 'done') {
    if (result.text.trim() !== '') screen.line(`   model    ${printableText(result.text.trim())}`);
    for (const proposal of result.proposals) printProposal(screen, 'reply   ', proposal, 'the final tool: returned to the App, never executed');
    decideOnReply(screen, log, result.proposals);
  } else if (result.status === 'stopped') {
    screen.line(`   App decision: the turn stopped (${result.stoppedBy}${result.error === undefined ? '' : `: ${result.error.code}`}), so the ticket goes to a person`);
    log.record('ticket.handoff', { ticketId: SUPPORT_TICKET.id, reason: `turn-${result.stoppedBy}` });
  }
}

function heading(screen: StoryScreen, step: number, title: string): void {
  screen.line();
  screen.line(`${step}. ${title}`);
}
