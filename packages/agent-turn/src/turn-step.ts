import { ModelUsageSchema } from '@jangts/agent-types';
import { literalUnion } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import type { Static } from 'typebox';

/**
 * Schema of {@link TurnCall}: what became of one proposal of a step. `status` is `pending` (not
 * run yet: awaiting the App's decision, or decided and waiting for the others), `ran` (executed,
 * result ok), `failed` (executed, it threw or returned no JSON: `code`), `denied`, `not-run`
 * (approved, but the turn stopped first: `code` is the reason), `invalid` (unknown tool or
 * arguments failing their schema) or `final` (the final tool, returned to the App).
 */
export const TurnCallSchema = Type.Object(
  {
    callId: Type.String({ minLength: 1 }),
    toolId: Type.String({ minLength: 1 }),
    status: literalUnion(['pending', 'ran', 'failed', 'denied', 'not-run', 'invalid', 'final']),
    /** The decision, once there is one. */
    approved: Type.Optional(Type.Boolean()),
    /** Who decided: the tool's approval policy, or the App on `resume`. */
    decidedBy: Type.Optional(literalUnion(['policy', 'app'])),
    /** Why it did not run or failed. */
    code: Type.Optional(Type.String()),
    /** Characters of the tool result the model reads. */
    chars: Type.Optional(Type.Integer({ minimum: 0 })),
    /** The result's length before it was cut at `maxToolResultChars`. */
    cutFrom: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

/** What became of one proposal of a step (see {@link TurnCallSchema}). */
export type TurnCall = Static<typeof TurnCallSchema>;

/**
 * Schema of {@link TurnStep}: one model call of a turn. `outcome` is `reply` (text, no
 * proposals), `tool-calls`, `refused` (the runner refused the model's output for a reason the
 * model can fix: the turn told it and went on), `failed` or `aborted`.
 */
export const TurnStepSchema = Type.Object(
  {
    step: Type.Integer({ minimum: 1 }),
    /** Characters of the call's input (context plus the history's JSON text). */
    inputChars: Type.Integer({ minimum: 0 }),
    outcome: literalUnion(['reply', 'tool-calls', 'refused', 'failed', 'aborted']),
    finishReason: Type.Optional(Type.String()),
    /** The error code of a refused or failed call. */
    code: Type.Optional(Type.String()),
    textChars: Type.Integer({ minimum: 0 }),
    usage: Type.Optional(ModelUsageSchema),
    calls: Type.Array(TurnCallSchema),
  },
  { additionalProperties: false },
);

/** One model call of a turn and what became of its proposals (see {@link TurnStepSchema}). */
export type TurnStep = Static<typeof TurnStepSchema>;
