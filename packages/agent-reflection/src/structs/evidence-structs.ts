import * as Type from 'typebox';

/** Longest evidence id, and longest run name. */
export const MAX_EVIDENCE_ID_LENGTH = 512;
/** Longest evidence type. */
export const MAX_EVIDENCE_TYPE_LENGTH = 256;

/** Schema of `ReflectionQuery`: what a source receives. */
export const ReflectionQuerySchema = Type.Object(
  {
    run: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_ID_LENGTH })),
    types: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_TYPE_LENGTH }))),
    cursor: Type.Optional(Type.String({ minLength: 1 })),
    limit: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);

/**
 * Schema of `ReflectionEvidence`. Unknown fields are refused; `data`, when present, must also be
 * plain JSON (checked separately: a schema cannot see functions or cycles).
 */
export const ReflectionEvidenceSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_ID_LENGTH }),
    type: Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_TYPE_LENGTH }),
    text: Type.String(),
    at: Type.Optional(Type.String({ format: 'date-time' })),
    run: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_ID_LENGTH })),
    data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);

/** Schema of `ReflectionPageCoverage`. */
export const ReflectionPageCoverageSchema = Type.Object(
  {
    consistency: Type.Union([Type.Literal('best-effort'), Type.Literal('snapshot')]),
    complete: Type.Union([Type.Boolean(), Type.Null()]),
    gaps: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);

/** Schema of `ReflectionPage`: every page a source returns is checked against it. */
export const ReflectionPageSchema = Type.Object(
  {
    items: Type.Array(ReflectionEvidenceSchema),
    cursor: Type.Optional(Type.String({ minLength: 1 })),
    coverage: ReflectionPageCoverageSchema,
  },
  { additionalProperties: false },
);
