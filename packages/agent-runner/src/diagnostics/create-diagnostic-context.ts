import { DiagnosticAttributeValueSchema, DiagnosticContextSchema, type DiagnosticAttributeValue, type DiagnosticContext } from '@jangts/agent-types';
import { parser } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { openSpan } from './open-span.js';

const DOOR = { subject: 'createDiagnosticContext', code: 'INPUT_INVALID', qualify: true } as const;
const parentArgument = /* @__PURE__ */ parser(DiagnosticContextSchema, { ...DOOR, name: 'parent' });
const attributesArgument = /* @__PURE__ */ parser(Type.Record(Type.String(), DiagnosticAttributeValueSchema), { ...DOOR, name: 'attributes' });

/**
 * Creates the diagnostic scope of a new span: with `parent`, a child span in the parent's trace
 * (same `traceId` and `traceFlags`, `parentSpanId` = the parent's `spanId`); without, the root
 * span of a new trace (sampled). Ids are random W3C ids from Web Crypto, so the result maps 1:1
 * onto an OpenTelemetry span context. Both arguments are read once into checked copies: a later
 * change to them changes nothing.
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the field (`parent.traceId`, `attributes.a`) for a
 * `parent` that is not a valid `DiagnosticContext`, or `attributes` that are not a plain object of
 * {@link DiagnosticAttributeValue}s (strings, finite numbers, booleans, or lists of one of those kinds).
 */
export function createDiagnosticContext(parent?: DiagnosticContext, attributes?: Readonly<Record<string, DiagnosticAttributeValue>>): DiagnosticContext {
  return openSpan(
    parent === undefined ? undefined : parentArgument.parse(parent),
    attributes === undefined ? undefined : attributesArgument.parse(attributes),
  );
}
