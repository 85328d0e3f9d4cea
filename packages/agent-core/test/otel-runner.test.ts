import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { createProviderError, ModelRunner } from '@jangts/agent-core';
import type { ReflectionReport } from '@jangts/agent-core/kits/reflection';
import { createOpenAICompatibleProvider } from '@jangts/agent-core/providers/openai-compatible';
import { createScriptedProvider } from '@jangts/agent-core/providers/scripted';
import { createFileLogStore } from '@jangts/agent-core/trace/file';
import { exportTraceToOtel, withOtelSpans, type ReflectionFindings } from '@jangts/agent-core/trace/otel';
import { describe, expect, expectTypeOf, it } from 'vitest';

function sdk(): { provider: BasicTracerProvider; spans: () => ReadableSpan[] } {
  const exporter = new InMemorySpanExporter();
  return { provider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }), spans: () => exporter.getFinishedSpans() };
}

/** A span without what only one of the two exports can know (ids, times, record seqs). */
function shape(span: ReadableSpan): unknown {
  return {
    name: span.name,
    kind: span.kind,
    status: span.status.code,
    attributes: Object.fromEntries(Object.entries(span.attributes).filter(([key]) => !key.startsWith('agent_core.record.'))),
    events: span.events.map((event) => [event.name, Object.fromEntries(Object.entries(event.attributes ?? {}).filter(([key]) => key !== 'agent_core.record.seq'))]),
  };
}

describe('OpenTelemetry spans of the runner’s own records', () => {
  it('are chat spans with the GenAI attributes, live and exported from the store alike', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'agent-core-otel-'));
    const store = createFileLogStore({ directory });
    try {
      const live = sdk();
      const logger = withOtelSpans(store.open('order-9', 'checkout'), { tracerProvider: live.provider });
      const signal = AbortSignal.timeout(60_000);
      const runner = new ModelRunner({
        provider: createScriptedProvider(
          [
            { error: createProviderError('HTTP 503', { status: 503, retryable: true }) },
            { text: 'SECRET-REPLY Paid.', usage: { inputTokens: 21, outputTokens: 4 } },
            { error: createProviderError('HTTP 400 SECRET-BODY', { status: 400, retryable: false }) },
          ],
          { id: 'openai-compatible' },
        ),
        retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
        recordContent: true,
      });
      await runner.invoke({ input: 'SECRET-INPUT pay', stageId: 'pay', context: { app: {}, logger, signal } });
      await expect(runner.invoke({ input: 'refund', stageId: 'refund', context: { app: {}, logger, signal } })).rejects.toMatchObject({ code: 'PROVIDER_FAILED' });

      const [paid, refused] = live.spans();
      expect(live.spans()).toHaveLength(2);
      expect(paid?.name).toBe('chat pay');
      expect(paid?.kind).toBe(SpanKind.CLIENT);
      expect(paid?.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai',
        'gen_ai.response.finish_reasons': ['stop'],
        'gen_ai.usage.input_tokens': 21,
        'gen_ai.usage.output_tokens': 4,
        'agent_core.trace.id': 'order-9',
        'agent_core.stage.id': 'pay',
        'agent_core.model.mode': 'text',
        'agent_core.model.attempts': 2,
      });
      expect(paid?.events.map((event) => [event.name, event.attributes?.['error.type'], event.attributes?.['agent_core.model.attempt']])).toEqual([['agent_core.model.retry', 'PROVIDER_FAILED', 1]]);
      expect(refused?.name).toBe('chat refund');
      expect(refused?.status.code).toBe(SpanStatusCode.ERROR);
      expect(refused?.attributes['error.type']).toBe('PROVIDER_FAILED');
      // recordContent puts the messages and the reply into the records; never onto a span.
      expect(JSON.stringify(live.spans().map(shape))).not.toMatch(/SECRET/);

      const stored = sdk();
      const result = await exportTraceToOtel({ reader: store.reader, traceId: 'order-9', tracerProvider: stored.provider, signal });
      expect(result).toMatchObject({ records: 6, spans: 3, complete: true });
      const exported = stored.spans().filter((span) => span.name !== 'agent_core.trace');
      expect(exported.map(shape)).toEqual(live.spans().map(shape));
      expect(exported.map((span) => [span.attributes['agent_core.record.start_seq'], span.attributes['agent_core.record.end_seq']])).toEqual([
        [1, 3],
        [4, 5],
      ]);
    } finally {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('name the model an HTTP provider asks for: chat {model}, gen_ai.request.model', async () => {
    const live = sdk();
    const records: string[] = [];
    const base = { traceId: 'order-9', flowId: 'flow-1', record: (type: string) => void records.push(type), child: () => base };
    const stream = 'data: {"choices":[{"index":0,"delta":{"content":"Paid."},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
    const provider = createOpenAICompatibleProvider({
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'gpt-x',
      fetch: () => Promise.resolve(new Response(stream, { headers: { 'content-type': 'text/event-stream' } })),
    });
    const logger = withOtelSpans(base, { tracerProvider: live.provider });
    await new ModelRunner({ provider }).invoke({ input: 'pay', stageId: 'pay', context: { app: {}, logger, signal: AbortSignal.timeout(60_000) } });
    expect(records).toEqual(['model.start', 'model.end']);
    const [chat] = live.spans();
    expect(chat?.name).toBe('chat gpt-x');
    expect(chat?.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'gpt-x' });
  });

  it('take a ReflectionReport as the findings they attach', () => {
    expectTypeOf<ReflectionReport>().toExtend<ReflectionFindings>();
  });
});
