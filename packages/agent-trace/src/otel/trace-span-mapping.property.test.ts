import type { JsonObject, LogRecord } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportTraceToOtel } from './export-trace-to-otel.js';
import { millis, otelHarness } from './testing/otel-harness.js';
import { memoryReader } from './testing/turn-trace.js';

const TYPES = ['turn.start', 'turn.step', 'tool.proposed', 'tool.decided', 'tool.result', 'turn.end', 'model.start', 'model.retry', 'model.warning', 'model.end', 'app.event'] as const;

/** A field value of the kinds records hold, and of others (a record is the App's JSON). */
const value = fc.oneof(fc.constantFrom('agent', 'reply', 'call-1', 'call-2', ''), fc.integer({ min: -5, max: 50 }), fc.boolean(), fc.constant(null), fc.constant(['a', 'b']), fc.constant({ inputTokens: 3, outputTokens: 'x' }));
const fields = fc.dictionary(fc.constantFrom('stageId', 'callId', 'toolId', 'ok', 'code', 'step', 'usage', 'span', 'providerId', 'finishReason', 'status', 'chars'), value, { maxKeys: 6 });
/** Content as the runner records it with `recordContent` (and as an App might): never on a span. */
const content = fc.dictionary(fc.constantFrom('messages', 'text', 'message', 'proposals'), fc.constantFrom('SECRET-CONTENT', ['SECRET-CONTENT'], { role: 'user', content: 'SECRET-CONTENT' }), { maxKeys: 2 });
const data = fc.tuple(fields, content).map(([known, secret]) => ({ ...known, ...secret })) as fc.Arbitrary<JsonObject>;
const entry = fc.record({ child: fc.boolean(), type: fc.constantFrom(...TYPES), data: fc.option(data, { nil: undefined }), gapMs: fc.integer({ min: 0, max: 1_000 }) });

/** A stored trace of a root flow and a child flow holding `entries`, times rising. */
function trace(entries: readonly { readonly child: boolean; readonly type: string; readonly data: JsonObject | undefined; readonly gapMs: number }[]): LogRecord[] {
  let time = Date.UTC(2024, 0, 1);
  const records: LogRecord[] = [];
  const push = (flowId: string, type: string, recordData?: JsonObject): void => {
    records.push({ traceId: 't', flowId, seq: records.length, at: new Date(time).toISOString(), type, ...(recordData === undefined ? {} : { data: recordData }) });
  };
  push('root', 'flow.start');
  push('kid', 'flow.start', { parentFlowId: 'root', name: 'child' });
  for (const { child, type, data: recordData, gapMs } of entries) {
    time += gapMs;
    push(child ? 'kid' : 'root', type, recordData);
  }
  return records;
}

describe('the span mapping, over any sequence of records', () => {
  let started = 0;

  it('ends every span it starts, each within its parent and the trace, with no content and no absent attribute', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 40 }), async (entries) => {
        const otel = otelHarness();
        const records = trace(entries);
        const result = await exportTraceToOtel({ reader: memoryReader(records), traceId: 't', tracer: otel.tracer, signal: AbortSignal.timeout(60_000), pageSize: 7 });
        const spans = otel.spans();
        started += spans.length - 1;
        expect(result.spans).toBe(spans.length);
        expect(result.records).toBe(records.length);
        const root = otel.span('agent_core.trace');
        for (const span of spans) {
          expect(span.ended).toBe(true);
          expect(span.spanContext().traceId).toBe(root.spanContext().traceId);
          expect(millis(span.endTime)).toBeGreaterThanOrEqual(millis(span.startTime));
          if (span !== root) {
            const parent = spans.find((candidate) => candidate.spanContext().spanId === span.parentSpanContext?.spanId);
            expect(parent).toBeDefined();
            expect(millis(span.startTime)).toBeGreaterThanOrEqual(millis(parent!.startTime));
          }
          for (const attribute of Object.values(span.attributes)) expect(attribute).not.toBeUndefined();
        }
        expect(JSON.stringify(spans.map((span) => [span.attributes, span.events, span.name]))).not.toMatch(/SECRET/);
      }),
      { numRuns: 200 },
    );
    // The sequences open turns, calls and tool calls, not only the trace's span.
    expect(started).toBeGreaterThan(50);
  });
});
