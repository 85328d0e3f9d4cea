import { DiagnosticContextSchema, type DiagnosticContext } from '@jangts/agent-types';
import { parser } from '@jangts/agent-types/internal';

const contextArgument = /* @__PURE__ */ parser(DiagnosticContextSchema, { subject: 'toTraceparent', code: 'INPUT_INVALID', name: 'context', qualify: true });

/**
 * The W3C `traceparent` header value of a diagnostic context (`00-<traceId>-<spanId>-<flags>`),
 * for providers that propagate the trace to an HTTP endpoint. The context is read once: the ids
 * checked are the ids written.
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the field when `context` is not a valid
 * `DiagnosticContext` (lowercase W3C ids, `traceFlags` 0–255).
 */
export function toTraceparent(context: DiagnosticContext): string {
  const { traceId, spanId, traceFlags = 1 } = contextArgument.parse(context);
  return `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`;
}
