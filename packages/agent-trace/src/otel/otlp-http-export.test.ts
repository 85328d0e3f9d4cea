import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportTraceToOtel } from './export-trace-to-otel.js';
import { memoryReader, turnTraceRecords } from './testing/turn-trace.js';

/** An OTLP/JSON any-value, decoded. */
type AnyValue = { stringValue?: string; boolValue?: boolean; intValue?: number | string; doubleValue?: number; arrayValue?: { values?: AnyValue[] } };
type KeyValue = { key: string; value: AnyValue };
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
  attributes?: KeyValue[];
  events?: { name: string; timeUnixNano: string | number; attributes?: KeyValue[] }[];
  status?: { code?: number };
}

function decode(value: AnyValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(decode);
  return undefined;
}

function attributesOf(list: readonly KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, decode(value)]));
}

let server: Server;
let url: string;
const requests: { contentType: string | undefined; path: string | undefined; body: string }[] = [];

beforeEach(async () => {
  requests.length = 0;
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ contentType: request.headers['content-type'], path: request.url, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => { resolve(); }));
});

describe('spans over OTLP/HTTP', () => {
  it('reach a collector as OTLP JSON with their names, parents, kinds, attributes, events and statuses', async () => {
    const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))] });
    const report = { findings: [{ evidenceIds: ['run-otlp:14'] }], evidence: [{ id: 'run-otlp:14', run: 'run-otlp' }], stoppedBy: 'report' as const };
    const result = await exportTraceToOtel({ reader: memoryReader(turnTraceRecords('run-otlp')), traceId: 'run-otlp', tracerProvider: provider, signal: AbortSignal.timeout(60_000), reflection: report });
    await provider.forceFlush();
    await provider.shutdown();

    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((request) => request.path === '/v1/traces' && request.contentType === 'application/json')).toBe(true);
    const spans = requests.flatMap((request) => {
      const body = JSON.parse(request.body) as { resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[] };
      return body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => ({ ...span, scope: scope.scope.name }))));
    });
    expect(spans).toHaveLength(result.spans);
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    expect(spans.every((span) => span.scope === '@jangts/agent-trace')).toBe(true);

    const byName = (name: string): OtlpSpan => {
      const found = spans.filter((span) => span.name === name);
      expect(found, name).toHaveLength(1);
      return found[0] as OtlpSpan;
    };
    const nameOf = (spanId: string | undefined): string | undefined => spans.find((span) => span.spanId === spanId)?.name;
    const root = byName('agent_core.trace');
    const agent = byName('invoke_agent agent');
    const search = byName('execute_tool search');
    const denied = byName('execute_tool delete');
    const childCall = byName('chat claude-sonnet-4-5');
    expect(root.parentSpanId ?? '').toBe('');
    expect(nameOf(agent.parentSpanId)).toBe('agent_core.trace');
    expect([search, denied, childCall].map((span) => nameOf(span.parentSpanId))).toEqual(['invoke_agent agent', 'invoke_agent agent', 'invoke_agent agent']);
    for (const span of spans.filter((candidate) => candidate.name === 'chat agent')) expect(nameOf(span.parentSpanId)).toBe('invoke_agent agent');

    // OTLP kinds: 1 internal, 3 client; status 2 error.
    expect([agent.kind, search.kind, childCall.kind]).toEqual([1, 1, 3]);
    expect(denied.status?.code).toBe(2);
    expect(search.status?.code ?? 0).toBe(0);
    expect(attributesOf(agent.attributes)).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'agent',
      'gen_ai.provider.name': 'openai',
      'gen_ai.usage.input_tokens': 130,
      'gen_ai.usage.output_tokens': 32,
      'agent_core.trace.id': 'run-otlp',
      'agent_core.record.start_seq': 1,
      'agent_core.record.end_seq': 18,
    });
    expect(attributesOf(childCall.attributes)).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'claude-sonnet-4-5',
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.usage.input_tokens': 30,
    });
    expect(attributesOf(denied.attributes)).toMatchObject({ 'gen_ai.tool.name': 'delete', 'gen_ai.tool.call.id': 'call-2', 'error.type': 'DENIED', 'agent_core.record.end_seq': 14 });
    expect(BigInt(search.startTimeUnixNano)).toBe(BigInt(Date.UTC(2024, 4, 1, 10) + 900) * 1_000_000n);
    expect(BigInt(search.endTimeUnixNano)).toBe(BigInt(Date.UTC(2024, 4, 1, 10) + 1300) * 1_000_000n);
    expect((denied.events ?? []).map((event) => [event.name, attributesOf(event.attributes)])).toEqual([
      ['gen_ai.evaluation.result', { 'gen_ai.evaluation.name': 'agent_core.reflection', 'agent_core.reflection.finding': 0, 'agent_core.reflection.evidence_ids': ['run-otlp:14'], 'agent_core.record.seqs': [14] }],
    ]);
  });
});
