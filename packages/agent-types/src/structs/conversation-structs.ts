import * as Type from '@jangts/agent-types/internal/type';
import { historyIssue } from '../internal/history-issue.js';
import { rule } from '../internal/rule.js';
import { AssembledInputSchema } from './context-structs.js';
import { ModelMessageSchema } from './model-structs.js';

/**
 * Schema of a conversation's `history`: model messages that keep the trust rule (no `system`
 * message: `TRUST_VIOLATION`) and pair every tool call with its result (`PLAN_VIOLATION`).
 */
export const HistorySchema = rule(Type.Array(ModelMessageSchema), (history) => historyIssue(history));

/** Schema of `HistoryUsage`. */
export const HistoryUsageSchema = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  role: Type.Union([Type.Literal('user'), Type.Literal('assistant'), Type.Literal('tool')]),
  trust: Type.Union([Type.Literal('user'), Type.Literal('model'), Type.Literal('tool')]),
  chars: Type.Integer({ minimum: 0 }),
  callIds: Type.Array(Type.String()),
});

/** Schema of `HistoryAudit`. */
export const HistoryAuditSchema = Type.Object({
  kept: Type.Array(Type.Integer({ minimum: 0 })),
  dropped: Type.Array(Type.Integer({ minimum: 0 })),
  droppedCallIds: Type.Array(Type.String()),
});

/**
 * Schema of a `Conversation` as a model input: the checked context and its history. The extra
 * fields of an `AssembledConversation` are allowed, so `assembleConversation`'s result passes as is.
 */
export const ConversationSchema = Type.Object(
  {
    context: AssembledInputSchema,
    history: HistorySchema,
    historyUsage: Type.Optional(Type.Array(HistoryUsageSchema)),
    inputChars: Type.Optional(Type.Integer({ minimum: 0 })),
    audit: Type.Optional(HistoryAuditSchema),
  },
  { additionalProperties: false },
);
