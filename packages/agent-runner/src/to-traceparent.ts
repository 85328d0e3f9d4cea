import type { DiagnosticContext } from '@jangts/agent-types';

/**
 * The W3C `traceparent` header value of a diagnostic context (`00-<traceId>-<spanId>-<flags>`),
 * for providers that propagate the trace to an HTTP endpoint.
 */
export function toTraceparent(context: DiagnosticContext): string {
  const flags = ((context.traceFlags ?? 1) & 0xff).toString(16).padStart(2, '0');
  return `00-${context.traceId}-${context.spanId}-${flags}`;
}
