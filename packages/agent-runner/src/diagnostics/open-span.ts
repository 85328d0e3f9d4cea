import type { DiagnosticAttributeValue, DiagnosticContext } from '@jangts/agent-types';
import { randomHexId } from './random-hex-id.js';

/**
 * The diagnostic scope of a new span, from a parent and attributes the runner already checked: a
 * child span of `parent` (its trace and flags), or the root span of a new trace (sampled).
 */
export function openSpan(parent: DiagnosticContext | undefined, attributes: Readonly<Record<string, DiagnosticAttributeValue>> | undefined): DiagnosticContext {
  const context: { -readonly [K in keyof DiagnosticContext]: DiagnosticContext[K] } = {
    traceId: parent?.traceId ?? randomHexId(16),
    spanId: randomHexId(8),
    traceFlags: parent?.traceFlags ?? 1,
  };
  if (parent !== undefined) context.parentSpanId = parent.spanId;
  if (attributes !== undefined) context.attributes = attributes;
  return context;
}
