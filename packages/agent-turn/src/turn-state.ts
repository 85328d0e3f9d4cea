import { ContextFragmentSchema, ModelMessageSchema, ModelUsageSchema } from '@jangts/agent-types';
import { historyIssue, literalUnion, parser, rule } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import type { Static } from 'typebox';
import { TurnStepSchema } from './turn-step.js';

const count = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/**
 * Schema of one call of a turn's waiting step: the proposal as recorded, the SHA-256 digest of
 * the canonical JSON text of `{ callId, toolId, args }`, and what the tool's policy said
 * (`required`: the App decides on `resume`; `invalid`: it failed validation and never runs).
 */
export const TurnPendingCallSchema = Type.Object(
  {
    callId: Type.String({ minLength: 1 }),
    toolId: Type.String({ minLength: 1 }),
    args: Type.Unknown(),
    digest: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    policy: literalUnion(['approved', 'denied', 'required', 'invalid']),
  },
  { additionalProperties: false },
);

/** One call of a turn's waiting step (see {@link TurnPendingCallSchema}). */
export type TurnPendingCall = Static<typeof TurnPendingCallSchema>;

/**
 * Schema of {@link TurnState}: a turn waiting for the App's decisions, as plain JSON. The history
 * keeps the trust and pairing rules, but for the calls of its last (assistant) message, which
 * are `calls`; call ids are unique and at least one call awaits the App.
 */
export const TurnStateSchema = rule(
  Type.Object(
    {
      version: Type.Literal(1),
      /** Random id of this state: a state is resumed once. */
      id: Type.String({ minLength: 1, maxLength: 200 }),
      stageId: Type.String({ minLength: 1 }),
      /** The turn's context fragments, assembled again (and checked again) on resume. */
      fragments: Type.Array(ContextFragmentSchema),
      history: rule(Type.Array(ModelMessageSchema, { minItems: 1 }), (history) => historyIssue(history, true)),
      calls: Type.Array(TurnPendingCallSchema, { minItems: 1 }),
      steps: Type.Array(TurnStepSchema, { minItems: 1 }),
      /** Budget used so far: model calls, tool executions, and milliseconds of work. */
      used: Type.Object({ steps: count, toolCalls: count, durationMs: Type.Number({ minimum: 0 }) }, { additionalProperties: false }),
      usage: ModelUsageSchema,
    },
    { additionalProperties: false },
  ),
  ({ calls }) => {
    const seen = new Set<string>();
    for (const [index, call] of calls.entries()) {
      if (seen.has(call.callId)) return { path: ['calls', index, 'callId'], rule: 'duplicate', problem: `duplicates call id ${JSON.stringify(call.callId)}`, actual: call.callId };
      seen.add(call.callId);
    }
    return calls.some((call) => call.policy === 'required') ? undefined : { path: ['calls'], rule: 'pending', problem: 'holds no call awaiting the App (none has policy "required")' };
  },
);

/**
 * A turn waiting for the App's decisions: plain JSON, enough to resume in another process. The App
 * keeps it server-side (it holds the conversation and the proposed arguments) and resumes it once.
 */
export type TurnState = Static<typeof TurnStateSchema>;

const state = /* @__PURE__ */ parser(TurnStateSchema, { subject: 'turn.resume', code: 'INPUT_INVALID', name: 'state', qualify: true });

/** Reads a turn state once into a checked copy; `INPUT_INVALID` naming the field (`TRUST_VIOLATION`, `PLAN_VIOLATION` for its history). */
export function parseTurnState(value: unknown): TurnState {
  return state.parse(value);
}
