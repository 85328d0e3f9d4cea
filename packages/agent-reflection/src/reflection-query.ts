import * as Type from '@jangts/agent-types/internal/type';
import { MAX_EVIDENCE_ID_LENGTH, MAX_EVIDENCE_TYPE_LENGTH } from './reflection-evidence.js';

/**
 * One request for evidence, as the model asked for it through the `query_evidence` tool and
 * after the reflection applied its budgets (`limit` clamped, an empty `types` list dropped, the
 * cursor checked to be one this source returned).
 */
export interface ReflectionQuery {
  /** Run to inspect; omitted means the App chooses the scope. */
  readonly run?: string | undefined;
  /** Evidence types to include; omitted means all types. */
  readonly types?: readonly string[] | undefined;
  /** Opaque continuation cursor from a previous page. */
  readonly cursor?: string | undefined;
  /** Maximum items requested; at least 1, clamped to the remaining evidence budget. */
  readonly limit: number;
}

/** Schema of {@link ReflectionQuery}: what a source receives. */
export const ReflectionQuerySchema = Type.Object(
  {
    run: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_ID_LENGTH })),
    types: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_TYPE_LENGTH }))),
    cursor: Type.Optional(Type.String({ minLength: 1 })),
    limit: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  },
  { additionalProperties: false },
);
