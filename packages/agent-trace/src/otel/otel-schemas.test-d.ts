import type { Context, Span, Tracer, TracerProvider } from '@opentelemetry/api';
import type { AgentCoreError } from '@jangts/agent-types';
import type { Static } from 'typebox';
import { expectTypeOf, test } from 'vitest';
import type { ExportTraceToOtelOptions, ExportTraceToOtelOptionsSchema } from './export-trace-to-otel-options.js';
import type { RecordReflectionFindingsOptions, RecordReflectionFindingsOptionsSchema } from './record-reflection-findings.js';
import type { ReflectionFindings, ReflectionFindingsSchema } from './reflection-findings.js';
import type { WithOtelSpansOptions, WithOtelSpansOptionsSchema } from './with-otel-spans-options.js';

/** Removes `readonly` at every depth: TypeBox statics are mutable, the public types readonly. */
type DeepMutable<TValue> = TValue extends (...args: never[]) => unknown
  ? TValue
  : TValue extends readonly (infer TItem)[]
    ? DeepMutable<TItem>[]
    : TValue extends object
      ? { -readonly [K in keyof TValue]: DeepMutable<TValue[K]> }
      : TValue;

/** `true` when a value of `TFrom` may be assigned to `TTo` (TypeScript's own assignability). */
type Assignable<TFrom, TTo> = [TFrom] extends [TTo] ? true : false;

test('every options type is accepted by its door schema', () => {
  expectTypeOf<Assignable<DeepMutable<ExportTraceToOtelOptions>, Static<typeof ExportTraceToOtelOptionsSchema>>>().toEqualTypeOf<true>();
  expectTypeOf<Assignable<DeepMutable<RecordReflectionFindingsOptions>, Static<typeof RecordReflectionFindingsOptionsSchema>>>().toEqualTypeOf<true>();
  expectTypeOf<Assignable<Omit<WithOtelSpansOptions, 'onError'>, Omit<Static<typeof WithOtelSpansOptionsSchema>, 'onError'>>>().toEqualTypeOf<true>();
  expectTypeOf<Parameters<NonNullable<WithOtelSpansOptions['onError']>>[0]>().toEqualTypeOf<AgentCoreError>();
  expectTypeOf<Assignable<Static<typeof ReflectionFindingsSchema>, ReflectionFindings>>().toEqualTypeOf<true>();
  expectTypeOf<Assignable<DeepMutable<ReflectionFindings>, Static<typeof ReflectionFindingsSchema>>>().toEqualTypeOf<true>();
});

test('the App passes its own OpenTelemetry objects, and exactly one tracer', () => {
  expectTypeOf<Assignable<{ tracer: Tracer; parent: Context }, WithOtelSpansOptions>>().toEqualTypeOf<true>();
  expectTypeOf<Assignable<{ tracerProvider: TracerProvider }, WithOtelSpansOptions>>().toEqualTypeOf<true>();
  expectTypeOf<Assignable<{ tracer: Tracer; tracerProvider: TracerProvider }, WithOtelSpansOptions>>().toEqualTypeOf<false>();
  expectTypeOf<Assignable<{ parent: Context }, WithOtelSpansOptions>>().toEqualTypeOf<false>();
  expectTypeOf<Assignable<Span, RecordReflectionFindingsOptions['span']>>().toEqualTypeOf<true>();
});
