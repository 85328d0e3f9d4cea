import type { Span } from '@opentelemetry/api';
import { parser } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { OTEL_FINDINGS_OPTIONS_DOOR } from '../doors.js';
import { MAX_EVALUATION_NAME_LENGTH } from './export-trace-to-otel-options.js';
import { OtelSpanSchema } from './otel-tracer.js';
import { DEFAULT_EVALUATION_NAME, EVALUATION_EVENT, evaluationEvents, ReflectionFindingsSchema, type ReflectionFindings } from './reflection-findings.js';

/** Options of {@link recordReflectionFindings}. */
export interface RecordReflectionFindingsOptions {
  /** A reflection's report (`ReflectionReport` of `@jangts/agent-reflection`). */
  readonly report: ReflectionFindings;
  /** The open span the events go on: the span of the work reviewed, or of the reflection itself. */
  readonly span: Span;
  /** The events' `gen_ai.evaluation.name`; default `agent_core.reflection`. */
  readonly evaluationName?: string | undefined;
}

/** Schema of {@link RecordReflectionFindingsOptions}; no other field (`INPUT_INVALID`). */
export const RecordReflectionFindingsOptionsSchema = Type.Object(
  {
    report: ReflectionFindingsSchema,
    span: OtelSpanSchema,
    evaluationName: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_EVALUATION_NAME_LENGTH })),
  },
  { additionalProperties: false },
);

const options = /* @__PURE__ */ parser(RecordReflectionFindingsOptionsSchema, OTEL_FINDINGS_OPTIONS_DOOR);

/**
 * Adds a reflection's findings to an open span as OpenTelemetry GenAI evaluation events
 * (`gen_ai.evaluation.result`), one per finding: `gen_ai.evaluation.name`, the finding's index
 * (`agent_core.reflection.finding`) and the evidence ids it cites
 * (`agent_core.reflection.evidence_ids`; log evidence is `<traceId>:<seq>`, the record in the
 * store). The claim is content and is not copied. A report that ran out of calls before a report
 * (`no-report`) is one event with `error.type` `BUDGET_EXHAUSTED`. To attach findings to the
 * spans of the records they cite, pass the report to `exportTraceToOtel` as `reflection`.
 *
 * @returns the number of events added.
 * @throws AgentCoreError `INPUT_INVALID` for options outside `RecordReflectionFindingsOptionsSchema`.
 */
export function recordReflectionFindings(value: RecordReflectionFindingsOptions): number {
  const read = options.parse(value);
  const events = evaluationEvents(read.report, read.evaluationName ?? DEFAULT_EVALUATION_NAME);
  for (const attributes of events) read.span.addEvent(EVALUATION_EVENT, attributes);
  return events.length;
}
