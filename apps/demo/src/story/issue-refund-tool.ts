import type { ToolSpec } from '@jangts/agent-core/types';
import * as Type from 'typebox';

/** The arguments of `issueRefund`. */
export const IssueRefundArguments = Type.Object(
  {
    orderId: Type.String({ minLength: 1, maxLength: 40 }),
    amountCents: Type.Integer({ minimum: 1, description: 'The amount to refund, in cents' }),
    reason: Type.String({ minLength: 1, maxLength: 200, description: 'Why, in one line, for the person who approves it' }),
  },
  { additionalProperties: false },
);

/** A tool that moves money: it runs only after a person approved the recorded call (`approval: 'required'`). */
export const ISSUE_REFUND_TOOL: ToolSpec<typeof IssueRefundArguments> = {
  id: 'issueRefund',
  description: 'Refund an order to the customer. A person approves every refund before it runs.',
  parameters: IssueRefundArguments,
};
