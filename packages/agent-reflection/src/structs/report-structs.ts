import * as Type from 'typebox';
import { ReflectionEvidenceSchema } from './evidence-structs.js';

/** Schema of `ReflectionFinding` as accepted in a report. */
export const ReflectionFindingSchema = Type.Object({
  claim: Type.String({ minLength: 1 }),
  evidenceIds: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
});

/** Schema of `ReflectionCitedEvidence`: an evidence item plus the id of its source. */
export const ReflectionCitedEvidenceSchema = Type.Object(
  { ...ReflectionEvidenceSchema.properties, sourceId: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);

/** Schema of `ReflectionCoverage`. */
export const ReflectionCoverageSchema = Type.Object({
  calls: Type.Integer({ minimum: 0 }),
  pages: Type.Integer({ minimum: 0 }),
  events: Type.Integer({ minimum: 0 }),
  evidenceChars: Type.Integer({ minimum: 0 }),
  consistency: Type.Union([Type.Literal('best-effort'), Type.Literal('snapshot')]),
  complete: Type.Union([Type.Boolean(), Type.Null()]),
  gaps: Type.Array(Type.String()),
});

/** Schema of `ReflectionReport`: what `Reflection.run` resolves to. */
export const ReflectionReportSchema = Type.Object({
  question: Type.String({ minLength: 1 }),
  summary: Type.String(),
  findings: Type.Array(ReflectionFindingSchema),
  evidence: Type.Array(ReflectionCitedEvidenceSchema),
  coverage: ReflectionCoverageSchema,
  stoppedBy: Type.Union([Type.Literal('report'), Type.Literal('no-report')]),
});
