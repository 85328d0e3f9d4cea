import type { Context, Span, Tracer, TracerProvider } from '@opentelemetry/api';
import { live, parser, reference, type RuleIssue } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { OTEL_TRACER_DOOR } from '../doors.js';

/** What the library calls on a `Tracer`. */
export type OtelTracer = Pick<Tracer, 'startSpan'>;

/** What the library calls on a `Span`. */
export type OtelSpan = Pick<Span, 'spanContext' | 'setAttributes' | 'addEvent' | 'setStatus' | 'end'>;

/** Schema of the App's OpenTelemetry `Tracer` (`@opentelemetry/api` 1.x): an object with `startSpan(name, options, context)`. */
export const OtelTracerSchema = live<OtelTracer>(
  'an OpenTelemetry Tracer with startSpan(name, options, context)',
  Type.Object({ startSpan: Type.Function([Type.String(), Type.Unknown(), Type.Unknown()], Type.Unknown()) }),
);

/** Schema of the App's OpenTelemetry `TracerProvider`: an object with `getTracer(name, version)`. */
export const OtelTracerProviderSchema = live<Pick<TracerProvider, 'getTracer'>>(
  'an OpenTelemetry TracerProvider with getTracer(name, version)',
  Type.Object({ getTracer: Type.Function([Type.String(), Type.Unknown()], Type.Unknown()) }),
);

/** Schema of an OpenTelemetry `Context` (kept as it is): an object with `getValue`, `setValue` and `deleteValue`. */
export const OtelContextSchema = reference<Context>('an OpenTelemetry Context', (value) => {
  if (typeof value !== 'object' || value === null) return false;
  const context = value as Partial<Record<keyof Context, unknown>>;
  return typeof context.getValue === 'function' && typeof context.setValue === 'function' && typeof context.deleteValue === 'function';
});

/** Schema of an OpenTelemetry `Span` (the App's, or one its tracer started). */
export const OtelSpanSchema = live<OtelSpan>(
  'an OpenTelemetry Span with spanContext, setAttributes, addEvent, setStatus and end',
  Type.Object({
    spanContext: Type.Function([], Type.Unknown()),
    setAttributes: Type.Function([Type.Unknown()], Type.Unknown()),
    addEvent: Type.Function([Type.String(), Type.Unknown(), Type.Unknown()], Type.Unknown()),
    setStatus: Type.Function([Type.Unknown()], Type.Unknown()),
    end: Type.Function([Type.Unknown()], Type.Unknown()),
  }),
);

const tracerValue = /* @__PURE__ */ parser(OtelTracerSchema, { ...OTEL_TRACER_DOOR, name: 'getTracer(name)' });
const spanValue = /* @__PURE__ */ parser(OtelSpanSchema, { ...OTEL_TRACER_DOOR, name: 'startSpan(name)' });

/** The name the library's tracer is asked for under a `TracerProvider`. */
export const OTEL_TRACER_NAME = '@jangts/agent-trace';

/** The tracer of checked options: the App's own, or its provider's tracer for {@link OTEL_TRACER_NAME}. */
export function resolveTracer(options: { readonly tracer?: OtelTracer | undefined; readonly tracerProvider?: Pick<TracerProvider, 'getTracer'> | undefined }): OtelTracer {
  if (options.tracer !== undefined) return options.tracer;
  return tracerValue.parse(options.tracerProvider?.getTracer(OTEL_TRACER_NAME));
}

/** A span the App's tracer handed back, through the door (`CONFIG_INVALID` when it is not a span). */
export function parseStartedSpan(value: unknown): OtelSpan {
  return spanValue.parse(value);
}

/** The cross-field rule of options naming a tracer: exactly one of `tracer` and `tracerProvider`. */
export function oneTracer(options: { readonly tracer?: unknown; readonly tracerProvider?: unknown }): RuleIssue | undefined {
  const tracer = options.tracer !== undefined;
  const provider = options.tracerProvider !== undefined;
  if (tracer && provider) return { path: ['tracerProvider'], rule: 'choice', problem: 'must not be given with tracer: give one of them' };
  if (!tracer && !provider) return { path: ['tracer'], rule: 'required', problem: 'is required (or tracerProvider): the App\'s OpenTelemetry Tracer' };
  return undefined;
}

/** The common mistake of options naming a tracer: a `TracerProvider` passed as `tracer`. */
export function providerAsTracer(options: unknown): RuleIssue | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const tracer = (options as { readonly tracer?: unknown }).tracer;
  if (typeof tracer !== 'object' || tracer === null) return undefined;
  const { getTracer, startSpan } = tracer as { readonly getTracer?: unknown; readonly startSpan?: unknown };
  if (typeof getTracer !== 'function' || typeof startSpan === 'function') return undefined;
  return { path: ['tracer'], rule: 'misuse', problem: 'is a TracerProvider: pass it as tracerProvider, or pass provider.getTracer(name) as tracer' };
}
