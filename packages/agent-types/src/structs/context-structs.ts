import * as Type from '@jangts/agent-types/internal/type';
import { literalUnion } from '../internal/literal-union.js';

/** Schema of `ContextTrust`. */
export const ContextTrustSchema = literalUnion(['system', 'app', 'user', 'tool']);
/** Schema of `ContextLifetime`. */
export const ContextLifetimeSchema = literalUnion(['static', 'session', 'turn', 'call']);
/** Schema of `ContextRole`. */
export const ContextRoleSchema = literalUnion(['system', 'user']);

/** Schema of `ContextFragment` (structure only; JSON-ness and trust are checked by the context package). */
export const ContextFragmentSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][a-zA-Z0-9:._-]*$' }),
    sourceId: Type.String({ minLength: 1 }),
    trust: ContextTrustSchema,
    lifetime: ContextLifetimeSchema,
    maxChars: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    role: ContextRoleSchema,
    value: Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())]),
  },
  { additionalProperties: false },
);

/** Schema of `AssembledMessage`. */
export const AssembledMessageSchema = Type.Object({
  role: ContextRoleSchema,
  content: Type.String(),
  fragmentIds: Type.Array(Type.String()),
});

/** Schema of `FragmentUsage`. */
export const FragmentUsageSchema = Type.Object({
  id: Type.String(),
  sourceId: Type.String(),
  trust: ContextTrustSchema,
  lifetime: ContextLifetimeSchema,
  role: ContextRoleSchema,
  chars: Type.Integer({ minimum: 0 }),
  maxChars: Type.Integer({ minimum: 1 }),
});

/** Schema of `AssembledInput`. */
export const AssembledInputSchema = Type.Object({
  messages: Type.Array(AssembledMessageSchema, { maxItems: 2 }),
  fragmentUsage: Type.Array(FragmentUsageSchema),
  inputChars: Type.Integer({ minimum: 0 }),
});

/** Schema of `ContextPlanRequest` (structure only; `assembleContextPlan` checks the plan rules). */
export const ContextPlanRequestSchema = Type.Object(
  {
    fragments: Type.Array(ContextFragmentSchema),
    originalFragments: Type.Array(ContextFragmentSchema),
    mutableFragmentIds: Type.Array(Type.String()),
    maxInputChars: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  },
  { additionalProperties: false },
);

/** Schema of `ContextPlanAudit`. */
export const ContextPlanAuditSchema = Type.Object({
  unchanged: Type.Array(Type.String()),
  changed: Type.Array(Type.String()),
  dropped: Type.Array(Type.String()),
  originalChars: Type.Integer({ minimum: 0 }),
  inputChars: Type.Integer({ minimum: 0 }),
});

/** Schema of `AssembledContextPlan`: an `AssembledInput` with its audit. */
export const AssembledContextPlanSchema = Type.Object({ ...AssembledInputSchema.properties, audit: ContextPlanAuditSchema });
