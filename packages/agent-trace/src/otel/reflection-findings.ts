import type { Attributes } from '@opentelemetry/api';
import * as Type from '@jangts/agent-types/internal/type';

/**
 * Schema of what the OpenTelemetry export reads of a reflection report (the `ReflectionReport` of
 * `@jangts/agent-reflection` matches it): the evidence ids each finding cites, the run of each
 * cited item, and why the reflection stopped. Nothing else of the report is read: claims, the
 * summary and the evidence text are content, which spans never carry.
 */
export const ReflectionFindingsSchema = Type.Object({
  findings: Type.Array(Type.Object({ evidenceIds: Type.Array(Type.String({ minLength: 1 })) })),
  evidence: Type.Array(Type.Object({ id: Type.String({ minLength: 1 }), run: Type.Optional(Type.String()) })),
  stoppedBy: Type.Union([Type.Literal('report'), Type.Literal('no-report')]),
});

/** What the OpenTelemetry export reads of a reflection report; a `ReflectionReport` is one. */
export interface ReflectionFindings {
  /** Each finding's cited evidence ids (its claim is not read). */
  readonly findings: readonly { readonly evidenceIds: readonly string[] }[];
  /** The cited items: their ids and runs (their text is not read). */
  readonly evidence: readonly { readonly id: string; readonly run?: string | undefined }[];
  readonly stoppedBy: 'report' | 'no-report';
}

/** The `gen_ai.evaluation.name` of reflection findings unless the App names it. */
export const DEFAULT_EVALUATION_NAME = 'agent_core.reflection';

/** The name of the OpenTelemetry event of one finding. */
export const EVALUATION_EVENT = 'gen_ai.evaluation.result';

/** One `gen_ai.evaluation.result` event: its attributes. */
export type EvaluationEvent = Attributes;

/**
 * The events of a report: one per finding (`gen_ai.evaluation.name`, the finding's index and the
 * evidence ids it cites), or, for a reflection that ran out of calls before a report (`no-report`),
 * one event with `error.type` `BUDGET_EXHAUSTED`. `seqsOf` gives the record seqs a finding cites
 * in the trace the events go to, when that is known.
 */
export function evaluationEvents(report: ReflectionFindings, name: string, seqsOf?: (evidenceIds: readonly string[]) => readonly number[]): EvaluationEvent[] {
  if (report.stoppedBy === 'no-report') return [{ 'gen_ai.evaluation.name': name, 'error.type': 'BUDGET_EXHAUSTED' }];
  return report.findings.map((finding, index) => {
    const seqs = seqsOf?.(finding.evidenceIds) ?? [];
    return {
      'gen_ai.evaluation.name': name,
      'agent_core.reflection.finding': index,
      'agent_core.reflection.evidence_ids': [...finding.evidenceIds],
      ...(seqs.length === 0 ? {} : { 'agent_core.record.seqs': [...seqs] }),
    };
  });
}

/**
 * The record seq an evidence id names in `traceId`: log evidence is `<traceId>:<seq>` (trace ids
 * hold no `:`), and its item's `run` is the trace; any other evidence names none.
 */
export function citedSeqs(report: ReflectionFindings, traceId: string): (evidenceIds: readonly string[]) => number[] {
  const runs = new Map(report.evidence.map((item) => [item.id, item.run] as const));
  const prefix = `${traceId}:`;
  return (evidenceIds) =>
    evidenceIds.flatMap((id) => {
      if (runs.get(id) !== traceId || !id.startsWith(prefix)) return [];
      const seq = id.slice(prefix.length);
      return /^(0|[1-9][0-9]*)$/.test(seq) && Number.isSafeInteger(Number(seq)) ? [Number(seq)] : [];
    });
}
