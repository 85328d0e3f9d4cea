import { AgentCoreError, DiagnosticAttributeValueSchema, DiagnosticContextSchema, type DiagnosticAttributeValue, type DiagnosticContext } from '@jangts/agent-types';
import { compileSchema } from '@jangts/agent-types/internal';
import * as Type from 'typebox';
import { fieldPath } from './field-path.js';
import { isPlainObject } from './is-plain-object.js';
import { readingGuarded } from './reading-guarded.js';
import { randomHexId } from './random-hex-id.js';

const diagnosticContextValidator = compileSchema(DiagnosticContextSchema);
const attributesValidator = compileSchema(Type.Record(Type.String(), DiagnosticAttributeValueSchema));

/**
 * Creates the diagnostic scope of a new span: with `parent`, a child span in the parent's trace
 * (same `traceId` and `traceFlags`, `parentSpanId` = the parent's `spanId`); without, the root
 * span of a new trace (sampled). Ids are random W3C ids, so the result maps 1:1 onto an
 * OpenTelemetry span context. An invalid `parent`, or `attributes` that are not a record of
 * {@link DiagnosticAttributeValue}s (strings, finite numbers, booleans, or lists of one of those
 * kinds), is `INPUT_INVALID` naming the field.
 */
export function createDiagnosticContext(
  parent?: DiagnosticContext,
  attributes?: Readonly<Record<string, DiagnosticAttributeValue>>,
): DiagnosticContext {
  if (parent !== undefined) assertDiagnosticContext(parent, 'parent');
  if (attributes !== undefined) assertAttributes(attributes);
  const context: { -readonly [K in keyof DiagnosticContext]: DiagnosticContext[K] } = {
    traceId: parent?.traceId ?? randomHexId(16),
    spanId: randomHexId(8),
    traceFlags: parent?.traceFlags ?? 1,
  };
  if (parent !== undefined) context.parentSpanId = parent.spanId;
  if (attributes !== undefined) {
    // Lists are copied too: a later change to the caller's list must not change the context.
    context.attributes = readingGuarded('INPUT_INVALID', 'attributes', () => {
      const copy: Record<string, DiagnosticAttributeValue> = {};
      for (const [key, value] of Object.entries(attributes)) copy[key] = Array.isArray(value) ? (value.slice() as DiagnosticAttributeValue) : value;
      return copy;
    });
  }
  return context;
}

function assertAttributes(attributes: unknown): void {
  const issue = readingGuarded('INPUT_INVALID', 'attributes', () =>
    isPlainObject(attributes) ? (findListHole(attributes) ?? attributesValidator.issues(attributes, 1)[0]) : { path: '', message: 'must be a plain object (not a Map, a Date or a list)' },
  );
  if (issue === undefined) return;
  const path = fieldPath('attributes', issue.path);
  throw new AgentCoreError('INPUT_INVALID', `${path} is not a diagnostic attribute: ${issue.message}`, { details: { field: path } });
}

/** Throws `INPUT_INVALID` naming `field` unless `value` is a valid {@link DiagnosticContext}. */
export function assertDiagnosticContext(value: unknown, field: string): asserts value is DiagnosticContext {
  const issue = readingGuarded('INPUT_INVALID', field, () => diagnosticContextValidator.issues(value, 1)[0] ?? attributesIssue(value));
  if (issue === undefined) return;
  const path = fieldPath(field, issue.path);
  throw new AgentCoreError('INPUT_INVALID', `${path} is not a valid diagnostic context: ${issue.message}`, { details: { field: path } });
}

/** A context's `attributes` that passed the schema but are not a plain object (a `Map`, a `Date`: read as no attributes). */
function attributesIssue(context: unknown): { path: string; message: string } | undefined {
  const attributes = (context as { attributes?: unknown }).attributes;
  return attributes === undefined || isPlainObject(attributes) ? undefined : { path: '/attributes', message: 'must be a plain object (not a Map, a Date or a list)' };
}

/**
 * The first hole (or `undefined`) in a list-valued attribute, checked index by index before the
 * schema: the schema's check skips holes, and walks a huge sparse list to its end.
 */
function findListHole(attributes: unknown): { path: string; message: string } | undefined {
  if (typeof attributes !== 'object' || attributes === null) return undefined;
  for (const [key, value] of Object.entries(attributes)) {
    if (!Array.isArray(value)) continue;
    for (let index = 0; index < value.length; index++) {
      if (value[index] === undefined) return { path: `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}/${index}`, message: 'must not be a hole or undefined' };
    }
  }
  return undefined;
}
