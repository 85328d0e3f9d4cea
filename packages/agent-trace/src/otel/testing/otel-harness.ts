import type { HrTime, Tracer } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';

/** An OpenTelemetry SDK tracer whose finished spans are kept in memory. */
export interface OtelHarness {
  readonly provider: BasicTracerProvider;
  readonly tracer: Tracer;
  /** Finished spans, in the order they ended. */
  spans(): ReadableSpan[];
  /** The one finished span named `name`. */
  span(name: string): ReadableSpan;
  /** The name of a span's parent among the finished spans (`undefined` for a root). */
  parentName(span: ReadableSpan): string | undefined;
}

/** Milliseconds since the epoch of an OpenTelemetry time. */
export function millis(time: HrTime): number {
  return time[0] * 1000 + time[1] / 1e6;
}

/** A fresh SDK tracer provider with an in-memory exporter. */
export function otelHarness(): OtelHarness {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
  return {
    provider,
    tracer: provider.getTracer('test'),
    spans,
    span(name) {
      const found = spans().filter((span) => span.name === name);
      if (found.length !== 1) throw new Error(`${found.length} spans named ${name}: ${spans().map((span) => span.name).join(', ')}`);
      return found[0] as ReadableSpan;
    },
    parentName(span) {
      const parent = span.parentSpanContext?.spanId;
      return spans().find((candidate) => candidate.spanContext().spanId === parent)?.name;
    },
  };
}

