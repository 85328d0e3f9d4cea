import { ModelRunner, Type } from '@jangts/agent-core';
import { defineReflection, defineReflectionLogSource } from '@jangts/agent-core/kits/reflection';
import { defineTurn } from '@jangts/agent-core/kits/turn';
import { createScriptedProvider } from '@jangts/agent-core/providers/scripted';
import { recordReflectionFindings, withOtelSpans } from '@jangts/agent-core/trace/otel';
import type { JsonObject, LogRecord, OperationContext, ReflectionLogReader, ReflectionReport, SubFlowLog } from '@jangts/agent-core/types';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { caught, context, systemFragment, userFragment } from './support.js';

function memoryLog(): SubFlowLog {
  const log: SubFlowLog = { traceId: 't', flowId: 'f', record: (_type: string, _data?: JsonObject) => undefined, child: () => log };
  return log;
}

describe('OpenTelemetry spans of a turn (SPEC §12)', () => {
  it('makes invoke_agent, chat and execute_tool spans with the GenAI attributes, and error.type for a failed tool', async () => {
    const exporter = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('probe');
    const lookup = { id: 'lookup', description: 'Look up', parameters: Type.Object({ id: Type.String() }) } as const;
    const broken = { id: 'broken', description: 'Fails', parameters: Type.Object({}) } as const;
    const provider = createScriptedProvider([
      { toolCalls: [{ toolId: 'lookup', args: { id: 'secret-arg' }, callId: 'call-a' }, { toolId: 'broken', args: {}, callId: 'call-b' }] },
      'the secret answer',
    ]);
    const turn = defineTurn({
      model: new ModelRunner({ provider }),
      tools: [
        { spec: lookup, execute: () => 'secret result', approval: 'auto' },
        { spec: broken, execute: () => { throw new Error('boom'); }, approval: 'auto' },
      ],
      maxSteps: 3,
      maxToolCalls: 3,
      maxInputChars: 10_000,
      maxToolResultChars: 1000,
    });
    const logger = withOtelSpans(memoryLog(), { tracer });
    const result = await turn.run({ fragments: [systemFragment(), userFragment({ value: 'secret question' })], context: { app: {}, signal: new AbortController().signal, logger } });
    expect(result.status).toBe('done');
    const spans = exporter.getFinishedSpans();
    const names = spans.map((span) => span.name);
    expect(names).toContain('invoke_agent agent');
    expect(names.filter((name) => name.startsWith('chat'))).toHaveLength(2);
    const tools = spans.filter((span) => span.name.startsWith('execute_tool'));
    expect(tools.map((span) => span.name).sort()).toEqual(['execute_tool broken', 'execute_tool lookup']);
    const lookupSpan = tools.find((span) => span.name === 'execute_tool lookup')!;
    expect(lookupSpan.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'lookup', 'gen_ai.tool.call.id': 'call-a' });
    const brokenSpan = tools.find((span) => span.name === 'execute_tool broken')!;
    expect(brokenSpan.attributes['error.type']).toBe('TOOL_FAILED');
    const agent = spans.find((span) => span.name === 'invoke_agent agent')!;
    expect(agent.attributes['gen_ai.operation.name']).toBe('invoke_agent');
    for (const span of spans.filter((span) => span !== agent)) expect(span.parentSpanContext?.spanId).toBe(agent.spanContext().spanId);
    expect(JSON.stringify(spans.map((span) => [span.attributes, span.events]))).not.toContain('secret');
  });

  it('records reflection findings as gen_ai.evaluation.result events, without the claims', () => {
    const exporter = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('probe');
    const span = tracer.startSpan('review');
    const report: ReflectionReport = {
      question: 'q',
      summary: 's',
      findings: [{ claim: 'secret claim', evidenceIds: ['t:1'] }],
      evidence: [{ id: 't:1', type: 'x', text: 'y', sourceId: 'src' }],
      coverage: { calls: 1, pages: 1, events: 1, evidenceChars: 1, consistency: 'snapshot', complete: true, gaps: [] },
      stoppedBy: 'report',
    };
    recordReflectionFindings({ span, report });
    span.end();
    const [finished] = exporter.getFinishedSpans();
    expect(finished!.events.map((event) => event.name)).toEqual(['gen_ai.evaluation.result']);
    expect(JSON.stringify(finished!.events)).not.toContain('secret');
    expect(JSON.stringify(finished!.events)).toContain('t:1');
  });
});

describe('reflection across runs (SPEC §12)', () => {
  const records: LogRecord[] = ['a', 'b', 'c'].map((traceId) => ({ traceId, flowId: 'f', seq: 1, at: '2024-05-01T00:00:00.000Z', type: 'payment.failed', data: { traceId } }));
  const reader: ReflectionLogReader = {
    read: async (request) => {
      const selected = records.filter((record) => record.traceId === request.traceId);
      return { records: selected.slice(0, request.limit), complete: true, gaps: [] };
    },
  };

  it('picks a run with query.run, reads the App scope without it, and refuses a run outside the scope', async () => {
    const authorized: string[] = [];
    const source = defineReflectionLogSource({
      reader,
      runs: (c: OperationContext<{ user: string }>) => (c.app.user === 'ops' ? ['a', 'b'] : []),
      id: 'orders',
      authorize: async (c) => void authorized.push(c.app.user),
    });
    const one = await source.query({ run: 'b', limit: 10 }, context({ user: 'ops' }));
    expect(one.items.map((item) => item.id)).toEqual(['b:1']);
    const all = await source.query({ limit: 10 }, context({ user: 'ops' }));
    expect(all.items.map((item) => item.id)).toEqual(['a:1', 'b:1']);
    expect((await caught(async () => source.authorize({ run: 'c', limit: 10 }, context({ user: 'ops' })))).code).toBe('UNAUTHORIZED');
    expect((await caught(async () => source.authorize({ run: 'a', limit: 10 }, context({ user: 'guest' })))).code).toBe('UNAUTHORIZED');
  });

  it('authorizes every query of a reflection over many runs', async () => {
    let hooks = 0;
    const source = defineReflectionLogSource({ reader, runs: ['a', 'b'], id: 'orders', authorize: async () => void (hooks += 1) });
    const provider = createScriptedProvider([
      { toolCalls: [{ toolId: 'query_evidence', args: { run: 'a', limit: 5 } }] },
      { toolCalls: [{ toolId: 'query_evidence', args: { limit: 5 } }] },
      { toolCalls: [{ toolId: 'submit_report', args: { summary: 's', findings: [{ claim: 'both failed', evidenceIds: ['a:1', 'b:1'] }] } }] },
    ]);
    const kit = defineReflection({ model: new ModelRunner({ provider }), source, authorize: async () => undefined, maxCalls: 4, reserveCalls: 1, maxPages: 4, maxEvents: 20, maxEvidenceChars: 4000 });
    const report = await kit.run('Which failed?', context({}));
    expect(hooks).toBe(2);
    expect(report.evidence.map((item) => item.id)).toEqual(['a:1', 'b:1']);
  });
});
