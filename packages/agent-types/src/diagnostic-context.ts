/** One attribute value, as OpenTelemetry allows it. */
export type DiagnosticAttributeValue = string | number | boolean | readonly string[] | readonly number[] | readonly boolean[];

/**
 * The diagnostic scope of the enclosing call, when recording is on. Maps 1:1 onto an
 * OpenTelemetry span context (`traceId`, `spanId`, `traceFlags`) plus the parent span id and
 * attributes; the core has no OpenTelemetry dependency.
 */
export interface DiagnosticContext {
  /** W3C trace id: 32 lowercase hex characters, not all zero. */
  readonly traceId: string;
  /** W3C span id: 16 lowercase hex characters, not all zero. */
  readonly spanId: string;
  /** Span id of the parent span, when there is one. */
  readonly parentSpanId?: string | undefined;
  /** W3C trace flags (bit 0: sampled). Defaults to 1 when absent. */
  readonly traceFlags?: number | undefined;
  /** Attributes to attach to the span. */
  readonly attributes?: Readonly<Record<string, DiagnosticAttributeValue>> | undefined;
}
