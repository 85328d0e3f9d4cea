import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { AgentCoreError} from '@jangts/agent-types';
import { type SubFlowLog } from '@jangts/agent-types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileLogStore, type FileLogStore } from '../file/index.js';
import { millis, otelHarness, type OtelHarness } from './testing/otel-harness.js';
import { recordTurnTrace, TURN_TRACE } from './testing/turn-trace.js';
import { withOtelSpans } from './with-otel-spans.js';

let directory: string;
let store: FileLogStore;
let otel: OtelHarness;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'otel-live-'));
  store = createFileLogStore({ directory });
  otel = otelHarness();
});

afterEach(async () => {
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

async function storedTypes(traceId: string): Promise<string[]> {
  const page = await store.reader.read({ traceId, limit: 1000, signal: AbortSignal.timeout(60_000) });
  return page.records.map((record) => `${record.type}${record.flowId === page.records[0]?.flowId ? '' : ' (child)'}`);
}

describe('withOtelSpans', () => {
  it('forwards every record to the logger unchanged, and returns a SubFlowLog of the same trace and flow', async () => {
    const root = store.open('run-live', 'chat');
    const logger = withOtelSpans(root, { tracer: otel.tracer });
    expect([logger.traceId, logger.flowId, logger.parentFlowId]).toEqual([root.traceId, root.flowId, undefined]);
    const child = recordTurnTrace(logger);
    expect(child.parentFlowId).toBe(root.flowId);
    const plain = store.open('run-plain', 'chat');
    recordTurnTrace(plain);
    expect(await storedTypes('run-live')).toEqual(await storedTypes('run-plain'));
    const page = await store.reader.read({ traceId: 'run-live', limit: 1000, signal: AbortSignal.timeout(60_000) });
    expect(page.records.filter((record) => record.type !== 'flow.start').map((record) => record.data)).toEqual(TURN_TRACE.map((entry) => entry.data));
  });

  it('opens invoke_agent, chat and execute_tool spans with the GenAI attributes, parented as the turn ran', () => {
    recordTurnTrace(withOtelSpans(store.open('run-live'), { tracer: otel.tracer }));
    const names = otel.spans().map((span) => span.name);
    expect(names.sort()).toEqual(['chat claude-sonnet-4-5', 'chat agent', 'chat agent', 'execute_tool delete', 'execute_tool search', 'invoke_agent agent'].sort());

    const agent = otel.span('invoke_agent agent');
    expect(agent.kind).toBe(SpanKind.INTERNAL);
    expect(otel.parentName(agent)).toBeUndefined();
    expect(agent.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'agent',
      'gen_ai.provider.name': 'openai',
      'gen_ai.usage.input_tokens': 130,
      'gen_ai.usage.output_tokens': 32,
      'agent_core.trace.id': 'run-live',
      'agent_core.stage.id': 'agent',
      'agent_core.turn.status': 'done',
      'agent_core.turn.steps': 2,
      'agent_core.turn.tool_calls': 1,
    });
    expect(agent.status.code).toBe(SpanStatusCode.UNSET);
    expect(agent.events.map((event) => [event.name, event.attributes?.['agent_core.turn.step']])).toEqual([
      ['agent_core.turn.step', 1],
      ['agent_core.turn.step', 2],
    ]);

    const [first, second] = otel.spans().filter((span) => span.name === 'chat agent');
    expect(first?.kind).toBe(SpanKind.CLIENT);
    expect(otel.parentName(first!)).toBe('invoke_agent agent');
    expect(first?.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.response.finish_reasons': ['tool_call'],
      'gen_ai.usage.input_tokens': 50,
      'gen_ai.usage.output_tokens': 12,
      'agent_core.model.attempts': 2,
      'agent_core.model.tool_ids': ['search', 'delete'],
    });
    expect(first?.attributes['gen_ai.request.model']).toBeUndefined();
    expect(first?.events.map((event) => [event.name, event.attributes])).toEqual([['agent_core.model.retry', { 'agent_core.model.attempt': 1, 'agent_core.model.delay_ms': 200, 'error.type': 'PROVIDER_FAILED' }]]);
    expect(second?.attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);

    const search = otel.span('execute_tool search');
    expect(search.kind).toBe(SpanKind.INTERNAL);
    expect(otel.parentName(search)).toBe('invoke_agent agent');
    expect(search.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'search',
      'gen_ai.tool.call.id': 'call-1',
      'gen_ai.tool.type': 'function',
      'agent_core.tool.status': 'ran',
      'agent_core.tool.approved': true,
      'agent_core.tool.decided_by': 'policy',
      'agent_core.tool.args_chars': 18,
      'agent_core.tool.result_chars': 64,
    });
    expect(search.status.code).toBe(SpanStatusCode.UNSET);

    const denied = otel.span('execute_tool delete');
    expect(denied.status.code).toBe(SpanStatusCode.ERROR);
    expect(denied.attributes).toMatchObject({ 'error.type': 'DENIED', 'agent_core.tool.status': 'denied', 'agent_core.tool.approved': false });

    // The child flow's model call starts below the turn open in the flow above it.
    const childCall = otel.span('chat claude-sonnet-4-5');
    expect(otel.parentName(childCall)).toBe('invoke_agent agent');
    expect(childCall.attributes).toMatchObject({ 'gen_ai.provider.name': 'anthropic', 'gen_ai.request.model': 'claude-sonnet-4-5', 'agent_core.stage.id': 'search' });
    expect(childCall.attributes['agent_core.flow.id']).not.toBe(agent.attributes['agent_core.flow.id']);
    // Live spans cannot name seqs (the store assigns them when it writes).
    expect(otel.spans().every((span) => span.attributes['agent_core.record.start_seq'] === undefined)).toBe(true);
  });

  it('keeps every span within its parent, and each execution after the model call that proposed it', () => {
    recordTurnTrace(withOtelSpans(store.open('run-live'), { tracer: otel.tracer }));
    const agent = otel.span('invoke_agent agent');
    for (const span of otel.spans().filter((candidate) => candidate !== agent)) {
      expect(millis(span.startTime)).toBeGreaterThanOrEqual(millis(agent.startTime));
      expect(millis(span.endTime)).toBeLessThanOrEqual(millis(agent.endTime));
      expect(millis(span.endTime)).toBeGreaterThanOrEqual(millis(span.startTime));
    }
    const [first, second] = otel.spans().filter((span) => span.name === 'chat agent');
    const search = otel.span('execute_tool search');
    const denied = otel.span('execute_tool delete');
    expect(millis(search.startTime)).toBeGreaterThanOrEqual(millis(first!.endTime));
    expect(millis(search.startTime)).toBeLessThanOrEqual(millis(otel.span('chat claude-sonnet-4-5').startTime));
    expect(millis(denied.startTime)).toBeGreaterThanOrEqual(millis(search.endTime));
    expect(millis(second!.startTime)).toBeGreaterThanOrEqual(millis(denied.endTime));
  });

  it('starts spans outside every turn in the parent context given, else in the active one', () => {
    const appSpan = otel.tracer.startSpan('app request');
    const logger = withOtelSpans(store.open('run-parent'), { tracer: otel.tracer, parent: trace.setSpan(ROOT_CONTEXT, appSpan) });
    logger.record('model.start', { stageId: 'reply', mode: 'text', toolIds: [], messageCount: 1, inputChars: 5 });
    logger.record('model.end', { stageId: 'reply', ok: true, durationMs: 1, attempts: 1, outputChars: 2, proposalCount: 0, warningCount: 0, finishReason: 'stop' });
    appSpan.end();
    expect(otel.parentName(otel.span('chat reply'))).toBe('app request');
    expect(otel.span('chat reply').spanContext().traceId).toBe(appSpan.spanContext().traceId);
    expect(otel.span('chat reply').attributes['gen_ai.provider.name']).toBeUndefined();
  });

  it('ends a failed model call and a failed turn with status ERROR and the code as error.type', () => {
    const logger = withOtelSpans(store.open('run-failed'), { tracerProvider: otel.provider });
    logger.record('turn.start', { stageId: 'agent', resumed: false, tools: [], historyMessages: 0, inputChars: 5, maxSteps: 2, maxToolCalls: 2, maxInputChars: 100, maxToolResultChars: 100 });
    logger.record('model.start', { stageId: 'agent', mode: 'text', toolIds: [], messageCount: 1, inputChars: 5, providerId: 'anthropic' });
    logger.record('model.warning', { stageId: 'agent', code: 'SINK_FAILED', message: 'the output sink failed', details: {} });
    logger.record('model.end', { stageId: 'agent', ok: false, durationMs: 3, attempts: 3, outputChars: 0, proposalCount: 0, warningCount: 1, code: 'PROVIDER_FAILED', message: 'HTTP 500' });
    logger.record('turn.step', { step: 1, inputChars: 5, ok: false, outcome: 'failed', textChars: 0, proposals: 0, code: 'PROVIDER_FAILED' });
    logger.record('turn.end', { status: 'stopped', stoppedBy: 'model-failed', code: 'PROVIDER_FAILED', steps: 1, toolCalls: 0, inputChars: 5, durationMs: 3 });
    const chat = otel.span('chat agent');
    expect(chat.status.code).toBe(SpanStatusCode.ERROR);
    expect(chat.attributes['error.type']).toBe('PROVIDER_FAILED');
    expect(chat.events.map((event) => [event.name, event.attributes?.['error.type']])).toEqual([['agent_core.model.warning', 'SINK_FAILED']]);
    const agent = otel.span('invoke_agent agent');
    expect(agent.status.code).toBe(SpanStatusCode.ERROR);
    expect(agent.attributes).toMatchObject({ 'error.type': 'PROVIDER_FAILED', 'agent_core.turn.stopped_by': 'model-failed', 'agent_core.turn.status': 'stopped' });
    expect(agent.instrumentationScope.name).toBe('@jangts/agent-trace');
  });

  it('never copies content onto spans', () => {
    const logger = withOtelSpans(store.open('run-content'), { tracer: otel.tracer });
    logger.record('model.start', { stageId: 'reply', mode: 'text', toolIds: [], messageCount: 1, inputChars: 12, messages: [{ role: 'user', content: 'SECRET-INPUT' }] });
    logger.record('model.end', { stageId: 'reply', ok: false, durationMs: 1, attempts: 1, outputChars: 13, proposalCount: 0, warningCount: 0, code: 'OUTPUT_INVALID', message: 'SECRET-MESSAGE', text: 'SECRET-OUTPUT', proposals: [] });
    const exported = JSON.stringify(otel.spans().map((span) => ({ attributes: span.attributes, events: span.events, status: span.status, name: span.name })));
    expect(exported).not.toMatch(/SECRET/);
  });

  it('pairs concurrent calls of one flow by their diagnostic span id, else by stage, oldest first', () => {
    const logger = withOtelSpans(store.open('run-pairs'), { tracer: otel.tracer });
    const start = (stageId: string, spanId?: string): void => { logger.record('model.start', { stageId, mode: 'text', toolIds: [], messageCount: 1, inputChars: 1, ...(spanId === undefined ? {} : { span: { traceId: 'a'.repeat(32), spanId } }) }); };
    const end = (stageId: string, outputChars: number, spanId?: string): void => { logger.record('model.end', { stageId, ok: true, durationMs: 1, attempts: 1, outputChars, proposalCount: 0, warningCount: 0, ...(spanId === undefined ? {} : { span: { traceId: 'a'.repeat(32), spanId } }) }); };
    start('a', '1111111111111111');
    start('a', '2222222222222222');
    start('b');
    start('b');
    end('a', 2, '2222222222222222');
    end('b', 10);
    end('a', 1, '1111111111111111');
    end('b', 20);
    const spans = otel.spans();
    expect(spans.map((span) => [span.name, span.attributes['agent_core.model.output_chars']])).toEqual([
      ['chat a', 2],
      ['chat b', 10],
      ['chat a', 1],
      ['chat b', 20],
    ]);
    expect(millis(spans[1]!.startTime)).toBeLessThanOrEqual(millis(spans[3]!.startTime));
  });

  it('stores the record and tells onError when the tracer fails, never the caller', async () => {
    const errors: AgentCoreError[] = [];
    const failing = { startSpan: () => { throw new Error('exporter down'); } };
    const logger = withOtelSpans(store.open('run-tracer-fails'), { tracer: failing as never, onError: (error) => errors.push(error) });
    expect(() => { logger.record('turn.start', { stageId: 'agent' }); }).not.toThrow();
    const quiet = withOtelSpans(store.open('run-tracer-fails'), { tracer: failing as never, onError: () => { throw new Error('onError throws'); } });
    expect(() => { quiet.record('turn.start', { stageId: 'agent' }); }).not.toThrow();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'SINK_FAILED', details: { type: 'turn.start' } });
    expect(errors[0]?.message).toMatch(/exporter down/);
    const odd = withOtelSpans(store.open('run-tracer-fails'), { tracer: { startSpan: () => ({}) } as never, onError: (error) => errors.push(error) });
    odd.record('model.start', { stageId: 'x' });
    expect(errors[1]).toMatchObject({ code: 'SINK_FAILED', details: { type: 'model.start', code: 'CONFIG_INVALID' } });
    expect(errors[1]?.message).toMatch(/OpenTelemetry tracer: startSpan\(name\)\.spanContext is required/);
    expect(await storedTypes('run-tracer-fails')).toEqual(['flow.start', 'turn.start', 'flow.start (child)', 'turn.start (child)', 'flow.start (child)', 'model.start (child)']);
  });

  it('throws what the logger throws, and changes no span', () => {
    const logger = withOtelSpans(store.open('run-refused'), { tracer: otel.tracer });
    expect(() => { logger.record('turn.start', { stageId: 'agent', at: new Date() } as never); }).toThrow(expect.objectContaining({ code: 'INPUT_INVALID' }));
    logger.record('turn.end', { status: 'done' });
    expect(otel.spans()).toEqual([]);
  });

  it('hands back what an async logger returns, so the caller can handle its rejection', async () => {
    const rejected = Promise.reject(new Error('disk full'));
    const asyncLogger = { traceId: 't', flowId: 'f', record: () => rejected, child: () => asyncLogger } as unknown as SubFlowLog;
    const logger = withOtelSpans(asyncLogger, { tracer: otel.tracer }) as unknown as { record(type: string, data: object): unknown };
    const result = logger.record('turn.start', { stageId: 'agent' });
    await expect(result).rejects.toThrow('disk full');
  });

  describe('refuses', () => {
    const logger = (): SubFlowLog => store.open('run-options');
    it.each([
      ['no tracer', {}, 'tracer', /withOtelSpans options: tracer is required \(or tracerProvider\)/],
      ['both tracers', () => ({ tracer: otel.tracer, tracerProvider: otel.provider }), 'tracerProvider', /must not be given with tracer/],
      ['a provider as tracer', () => ({ tracer: otel.provider }), 'tracer', /tracer is a TracerProvider: pass it as tracerProvider/],
      ['an unknown field', () => ({ tracer: otel.tracer, parnet: ROOT_CONTEXT }), 'parnet', /did you mean parent\?/],
      ['a parent that is no context', () => ({ tracer: otel.tracer, parent: {} }), 'parent', /parent must be an OpenTelemetry Context/],
      ['a tracer without startSpan', { tracer: {} }, 'tracer.startSpan', /tracer\.startSpan is required/],
    ])('%s', (_name, options, field, message) => {
      const value = typeof options === 'function' ? options() : options;
      expect(() => withOtelSpans(logger(), value as never)).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field }), message: expect.stringMatching(message) }));
    });

    it('a logger that is no SubFlowLog, and a child that is none', () => {
      expect(() => withOtelSpans({ record() {} } as never, { tracer: otel.tracer })).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field: 'logger.traceId' }) }));
      const odd = { traceId: 't', flowId: 'f', record() {}, child: () => ({}) } as unknown as SubFlowLog;
      expect(() => withOtelSpans(odd, { tracer: otel.tracer }).child('x')).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', message: expect.stringMatching(/^withOtelSpans: logger\.child\(name\)\.traceId is required/) }));
    });
  });
});
