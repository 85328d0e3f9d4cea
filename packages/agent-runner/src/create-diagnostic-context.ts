import {
  AgentCoreError,
  compileSchema,
  DiagnosticContextSchema,
  type DiagnosticAttributeValue,
  type DiagnosticContext,
} from '@jangts/agent-types';
import { fieldPath } from './field-path.js';
import { randomHexId } from './random-hex-id.js';

const diagnosticContextValidator = compileSchema(DiagnosticContextSchema);

/**
 * Creates the diagnostic scope of a new span: with `parent`, a child span in the parent's trace
 * (same `traceId` and `traceFlags`, `parentSpanId` = the parent's `spanId`); without, the root
 * span of a new trace (sampled). Ids are random W3C ids, so the result maps 1:1 onto an
 * OpenTelemetry span context. An invalid `parent` is `INPUT_INVALID`.
 */
export function createDiagnosticContext(
  parent?: DiagnosticContext,
  attributes?: Readonly<Record<string, DiagnosticAttributeValue>>,
): DiagnosticContext {
  if (parent !== undefined) assertDiagnosticContext(parent, 'parent');
  const context: { -readonly [K in keyof DiagnosticContext]: DiagnosticContext[K] } = {
    traceId: parent?.traceId ?? randomHexId(16),
    spanId: randomHexId(8),
    traceFlags: parent?.traceFlags ?? 1,
  };
  if (parent !== undefined) context.parentSpanId = parent.spanId;
  if (attributes !== undefined) context.attributes = { ...attributes };
  return context;
}

/** Throws `INPUT_INVALID` naming `field` unless `value` is a valid {@link DiagnosticContext}. */
export function assertDiagnosticContext(value: unknown, field: string): asserts value is DiagnosticContext {
  const issue = diagnosticContextValidator.issues(value, 1)[0];
  if (issue === undefined) return;
  const path = fieldPath(field, issue.path);
  throw new AgentCoreError('INPUT_INVALID', `${path} is not a valid diagnostic context: ${issue.message}`, { details: { field: path } });
}
