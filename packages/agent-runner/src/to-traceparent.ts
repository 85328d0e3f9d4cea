import type { DiagnosticContext } from '@jangts/agent-types';
import { assertDiagnosticContext } from './create-diagnostic-context.js';

/**
 * The W3C `traceparent` header value of a diagnostic context (`00-<traceId>-<spanId>-<flags>`),
 * for providers that propagate the trace to an HTTP endpoint.
 *
 * @throws AgentCoreError `INPUT_INVALID` when `context` is not a valid `DiagnosticContext`
 * (lowercase W3C ids, `traceFlags` 0–255).
 */
export function toTraceparent(context: DiagnosticContext): string {
  assertDiagnosticContext(context, 'context');
  const flags = ((context.traceFlags ?? 1) & 0xff).toString(16).padStart(2, '0');
  return `00-${context.traceId}-${context.spanId}-${flags}`;
}
