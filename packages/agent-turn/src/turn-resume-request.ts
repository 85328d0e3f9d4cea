import { OperationContextSchema, type OperationContext } from '@jangts/agent-types';
import { parser, reference } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import type { Static } from 'typebox';

/** The App's decision on one call awaiting approval: its call id and whether it runs. Nothing else: the recorded arguments are what runs. */
export const TurnDecisionSchema = Type.Object({ callId: Type.String({ minLength: 1 }), approve: Type.Boolean() }, { additionalProperties: false });

/** The App's decision on one call awaiting approval (see {@link TurnDecisionSchema}). */
export type TurnDecision = Static<typeof TurnDecisionSchema>;

/** What `Turn.resume` takes besides the state: one decision per call awaiting approval, and the App's context. */
export interface TurnResumeRequest<TApp = unknown> {
  readonly decisions: readonly TurnDecision[];
  readonly context: OperationContext<TApp>;
}

/** Schema of {@link TurnResumeRequest}; the decisions are read by their own door (`APPROVAL_INVALID`). */
export const TurnResumeRequestSchema = Type.Object(
  {
    decisions: reference<readonly unknown[]>('a list of decisions { callId, approve }', Array.isArray),
    context: OperationContextSchema,
  },
  { additionalProperties: false },
);

const request = /* @__PURE__ */ parser(TurnResumeRequestSchema, { subject: 'turn.resume request', code: 'INPUT_INVALID', name: 'request' });

/**
 * Every decision is `{ callId, approve }` and nothing else: a decision carrying arguments (or any
 * other field) is refused, whatever it says.
 */
const decisions = /* @__PURE__ */ parser(Type.Array(TurnDecisionSchema), { subject: 'turn.resume request', code: 'APPROVAL_INVALID', name: 'decisions', at: ['decisions'] });

/** Reads a resume request once: `INPUT_INVALID` naming the field, `APPROVAL_INVALID` for a malformed decision. */
export function parseTurnResumeRequest(value: unknown): { readonly decisions: readonly TurnDecision[]; readonly context: OperationContext } {
  const read = request.parse(value);
  return { decisions: decisions.parse(read.decisions), context: read.context as OperationContext };
}
