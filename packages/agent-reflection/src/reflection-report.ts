import * as Type from '@jangts/agent-types/internal/type';
import { ReflectionCoverageSchema, type ReflectionCoverage } from './reflection-coverage.js';
import { ReflectionEvidenceSchema, type ReflectionEvidence } from './reflection-evidence.js';

/** One claim of a report, with the ids of the evidence that supports it (at least one, each returned earlier). */
export interface ReflectionFinding {
  readonly claim: string;
  /** Distinct evidence ids, in the order the model gave them. */
  readonly evidenceIds: readonly string[];
}

/** A cited evidence item as the source returned it (full text and `data`), with the id of that source. */
export interface ReflectionCitedEvidence extends ReflectionEvidence {
  readonly sourceId: string;
}

/**
 * Why a reflection stopped: `report` — the model submitted a report that was accepted;
 * `no-report` — the calls ran out before an acceptable report (`summary` is empty, `findings`
 * and `evidence` are empty).
 */
export type ReflectionStopReason = 'report' | 'no-report';

/** What `Reflection.run` resolves to. */
export interface ReflectionReport {
  /** The question, as asked. */
  readonly question: string;
  /** The model's summary; empty when `stoppedBy` is `no-report`. */
  readonly summary: string;
  /** The model's findings; may be empty. */
  readonly findings: readonly ReflectionFinding[];
  /** Every cited item, once, in order of first citation. */
  readonly evidence: readonly ReflectionCitedEvidence[];
  readonly coverage: ReflectionCoverage;
  readonly stoppedBy: ReflectionStopReason;
}

/** Schema of {@link ReflectionFinding} as accepted in a report. */
export const ReflectionFindingSchema = Type.Object({
  claim: Type.String({ minLength: 1 }),
  evidenceIds: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
});

/** Schema of {@link ReflectionCitedEvidence}: an evidence item plus the id of its source. */
export const ReflectionCitedEvidenceSchema = Type.Object(
  { ...ReflectionEvidenceSchema.properties, sourceId: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);

/** Schema of {@link ReflectionReport}: what `Reflection.run` resolves to. */
export const ReflectionReportSchema = Type.Object({
  question: Type.String({ minLength: 1 }),
  summary: Type.String(),
  findings: Type.Array(ReflectionFindingSchema),
  evidence: Type.Array(ReflectionCitedEvidenceSchema),
  coverage: ReflectionCoverageSchema,
  stoppedBy: Type.Union([Type.Literal('report'), Type.Literal('no-report')]),
});
