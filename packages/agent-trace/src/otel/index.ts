/**
 * `@jangts/agent-trace/otel`: the library's trace records as OpenTelemetry spans following the
 * GenAI semantic conventions, live (`withOtelSpans`) or from a stored trace (`exportTraceToOtel`),
 * and reflection findings as `gen_ai.evaluation.result` events. Needs the optional peer
 * `@opentelemetry/api` 1.x; runs on every JavaScript runtime.
 *
 * @packageDocumentation
 */
export { exportTraceToOtel, type OtelTraceExport } from './export-trace-to-otel.js';
export {
  DEFAULT_EXPORT_PAGE_SIZE,
  ExportTraceToOtelOptionsSchema,
  MAX_EVALUATION_NAME_LENGTH,
  type ExportTraceToOtelOptions,
} from './export-trace-to-otel-options.js';
export type { OtelParent, OtelTracerChoice } from './otel-tracer-choice.js';
export { OTEL_TRACER_NAME, OtelContextSchema, OtelSpanSchema, OtelTracerProviderSchema, OtelTracerSchema } from './otel-tracer.js';
export { recordReflectionFindings, RecordReflectionFindingsOptionsSchema, type RecordReflectionFindingsOptions } from './record-reflection-findings.js';
export { DEFAULT_EVALUATION_NAME, ReflectionFindingsSchema, type ReflectionFindings } from './reflection-findings.js';
export { withOtelSpans } from './with-otel-spans.js';
export { WithOtelSpansOptionsSchema, type WithOtelSpansOptions } from './with-otel-spans-options.js';
