import type { AgentCoreError } from '@jangts/agent-types';
import { parser, rule } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import type { Static } from 'typebox';
import { OTEL_SPANS_OPTIONS_DOOR } from '../doors.js';
import { OTEL_TRACER_PROPERTIES, type OtelParent, type OtelTracerChoice } from './otel-tracer-choice.js';
import { oneTracer, providerAsTracer } from './otel-tracer.js';

/** Options of `withOtelSpans`. */
export type WithOtelSpansOptions = OtelTracerChoice &
  OtelParent & {
    /**
     * Told each time the spans of a record could not be made (`SINK_FAILED`: the tracer or a span
     * threw, or handed back something else). The record was stored all the same; `record()`
     * never throws for a span. A throwing `onError` is ignored.
     */
    readonly onError?: ((error: AgentCoreError) => void) | undefined;
  };

/**
 * Schema of {@link WithOtelSpansOptions}: exactly one of `tracer` and `tracerProvider`, an
 * optional `parent` context and `onError`; no other field (`CONFIG_INVALID`).
 */
export const WithOtelSpansOptionsSchema = rule(
  Type.Object(
    {
      ...OTEL_TRACER_PROPERTIES,
      onError: Type.Optional(Type.Function([Type.Unknown()], Type.Unknown())),
    },
    { additionalProperties: false },
  ),
  oneTracer,
);

const options = /* @__PURE__ */ parser(WithOtelSpansOptionsSchema, { ...OTEL_SPANS_OPTIONS_DOOR, misuse: providerAsTracer });

/** The options of `withOtelSpans` through the door: a checked copy, or `CONFIG_INVALID` naming the field. */
export function parseWithOtelSpansOptions(value: unknown): Static<typeof WithOtelSpansOptionsSchema> {
  return options.parse(value);
}
