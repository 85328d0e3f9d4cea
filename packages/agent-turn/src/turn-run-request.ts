import { HistorySchema, OperationContextSchema, type ContextFragment, type HistoryMessage, type OperationContext } from '@jangts/agent-types';
import { parser, reference } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';

/** What `Turn.run` takes: the context fragments, the history so far, and the App's context. */
export interface TurnRunRequest<TApp = unknown> {
  /** The checked context of every model call of the turn (system and user slots), as `assembleFragments` takes it. */
  readonly fragments: readonly ContextFragment[];
  /** The conversation before this turn: no `system` message, every tool call paired with its result. */
  readonly history?: readonly HistoryMessage[] | undefined;
  /** The App's context: `signal` aborts the turn, `logger` records every step; `execute` and approval functions receive it. */
  readonly context: OperationContext<TApp>;
}

/** Schema of {@link TurnRunRequest}; the fragments are read by `assembleConversation`. */
export const TurnRunRequestSchema = Type.Object(
  {
    fragments: reference<readonly ContextFragment[]>('a list of context fragments', Array.isArray),
    history: Type.Optional(HistorySchema),
    context: OperationContextSchema,
  },
  { additionalProperties: false },
);

const request = /* @__PURE__ */ parser(TurnRunRequestSchema, { subject: 'turn.run request', code: 'INPUT_INVALID', name: 'request' });

/** Reads a run request once; `INPUT_INVALID` naming the field (`TRUST_VIOLATION`, `PLAN_VIOLATION` for a history breaking its rules). */
export function parseTurnRunRequest(value: unknown): { readonly fragments: readonly ContextFragment[]; readonly history: readonly HistoryMessage[]; readonly context: OperationContext } {
  const { fragments, history, context } = request.parse(value);
  return { fragments, history: (history ?? []) as readonly HistoryMessage[], context: context as OperationContext };
}
