import { defineTurn, type Turn } from '@jangts/agent-core/kits/turn';
import type { ModelRunner, OperationContext } from '@jangts/agent-core';
import { compactJson } from '../terminal/compact-json.js';
import type { StoryScreen } from '../terminal/story-screen.js';
import { ISSUE_REFUND_TOOL } from './issue-refund-tool.js';
import { LOOKUP_ORDER_TOOL } from './lookup-order-tool.js';
import { REPLY_TOOL } from './reply-tool.js';
import type { SupportApp } from './support-app.js';
import { SUPPORT_STAGE_ID } from './support-stage-id.js';

/** The turn's hard limits, each checked before the call that would cross it. */
export const TURN_BUDGETS = { maxSteps: 6, maxToolCalls: 4, maxInputChars: 12_000, maxToolResultChars: 2_000 } as const;

/**
 * The support turn: the model may look an order up (the App runs it on its policy, `auto`),
 * propose a refund (it runs only after the App's decision on `resume`: `required`), and ends the
 * turn with `reply` (the final tool: returned to the App, never executed). The tools' `execute`
 * functions are the App's: they act on the App's order desk and say on `screen` what they do.
 */
export function defineSupportTurn(model: ModelRunner, screen: StoryScreen): Turn<SupportApp> {
  return defineTurn({
    model,
    stageId: SUPPORT_STAGE_ID,
    tools: [
      {
        spec: LOOKUP_ORDER_TOOL,
        approval: 'auto',
        execute: (args, context: OperationContext<SupportApp>) => {
          screen.line('   App runs lookupOrder  (approval auto: its policy approved the call)');
          return reported(screen, args, () => context.app.desk.lookupOrder(args.orderId));
        },
      },
      {
        spec: ISSUE_REFUND_TOOL,
        approval: 'required',
        execute: (args, context) => {
          screen.line('   App runs issueRefund  (approval required: the App approved this very call)');
          const refund = reported(screen, args, () => context.app.desk.issueRefund(args));
          // The App's own record, in the turn's flow: the ledger entry a reviewer can cite.
          context.logger?.record('refund.issued', { refundId: refund.refundId, orderId: refund.orderId, amountCents: refund.amountCents });
          return refund;
        },
      },
      { spec: REPLY_TOOL },
    ],
    finalToolId: REPLY_TOOL.id,
    ...TURN_BUDGETS,
  });
}

/**
 * Runs one App action on the call's arguments and prints both and what it returned (or that it
 * threw: the turn then gives the model a tool error with a code, never the message).
 */
function reported<TResult>(screen: StoryScreen, args: unknown, action: () => TResult): TResult {
  screen.line(`     args    ${compactJson(args)}`);
  try {
    const result = action();
    screen.line(`     result  ${compactJson(result)}`);
    return result;
  } catch (error) {
    screen.line(`     failed  ${error instanceof Error ? error.message : String(error)} (the model reads only the code TOOL_FAILED)`);
    throw error;
  }
}
