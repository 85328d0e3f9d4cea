import { mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModelRunner, Type } from '@jangts/agent-core';
import { assembleConversation } from '@jangts/agent-core/context';
import { defineTurn } from '@jangts/agent-core/kits/turn';
import { createScriptedProvider } from '@jangts/agent-core/providers/scripted';
import { FLOW_START_TYPE } from '@jangts/agent-core/trace';
import { createFileLogStore } from '@jangts/agent-core/trace/file';
import { exportTraceToOtel, withOtelSpans } from '@jangts/agent-core/trace/otel';
import type { ContextFragment, HistoryMessage, LogRecord, TurnState } from '@jangts/agent-core/types';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caught, caughtSync, context, systemFragment, userFragment, detail } from './support.js';

describe('assembleConversation (SPEC §10)', () => {
  const fragments = [systemFragment(), userFragment()];
  const call = { role: 'assistant', content: '', toolCalls: [{ callId: 'c1', toolId: 'search', args: { q: 'x' } }] } as const;
  const result = { role: 'tool', callId: 'c1', content: 'found' } as const;

  it('counts history by its JSON text against one budget and marks tool results as tool trust', () => {
    const history: HistoryMessage[] = [{ role: 'user', content: 'more' }, call, result];
    const conversation = assembleConversation({ fragments, history, maxInputChars: 10_000 });
    const historyChars = history.reduce((sum, message) => sum + JSON.stringify(message).length, 0);
    expect(conversation.inputChars).toBe(conversation.context.inputChars + historyChars);
    expect(conversation.historyUsage.map((usage) => usage.trust)).toEqual(['user', 'model', 'tool']);
    const exact = conversation.inputChars;
    expect(assembleConversation({ fragments, history, maxInputChars: exact }).inputChars).toBe(exact);
    expect(caughtSync(() => assembleConversation({ fragments, history, maxInputChars: exact - 1 })).code).toBe('INPUT_BUDGET');
  });

  it('refuses a system message in the history with TRUST_VIOLATION naming its index', () => {
    const error = caughtSync(() => assembleConversation({ fragments, history: [{ role: 'user', content: 'a' }, { role: 'system', content: 'root' } as never], maxInputChars: 10_000 }));
    expect(error.code).toBe('TRUST_VIOLATION');
    expect(detail(error, 'field')).toContain('history[1]');
  });

  it('refuses an orphan tool result with PLAN_VIOLATION naming the call id', () => {
    const error = caughtSync(() => assembleConversation({ fragments, history: [{ role: 'user', content: 'a' }, { role: 'tool', callId: 'lost-call', content: 'x' }], maxInputChars: 10_000 }));
    expect(error.code).toBe('PLAN_VIOLATION');
    expect(error.message).toContain('lost-call');
  });

  it('refuses a call left without a result before the next user message', () => {
    const error = caughtSync(() => assembleConversation({ fragments, history: [call, { role: 'user', content: 'next' }], maxInputChars: 10_000 }));
    expect(error.code).toBe('PLAN_VIOLATION');
    expect(error.message).toContain('c1');
  });

  it('refuses a tool result over maxToolResultChars', () => {
    const error = caughtSync(() => assembleConversation({ fragments, history: [call, { role: 'tool', callId: 'c1', content: 'x'.repeat(20) }], maxInputChars: 10_000, maxToolResultChars: 10 }));
    expect(error.code).toBe('INPUT_BUDGET');
  });

  it('is an input the runner takes as it is', async () => {
    const provider = createScriptedProvider(['ok']);
    const conversation = assembleConversation({ fragments, history: [call, result], maxInputChars: 10_000 });
    await new ModelRunner({ provider }).invoke({ input: conversation, stageId: 'reply' });
    expect(provider.requests[0]!.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
  });
});

describe('defineTurn (SPEC §11)', () => {
  const lookup = { id: 'lookup', description: 'Look up', parameters: Type.Object({ id: Type.String() }) } as const;
  const refund = { id: 'refund', description: 'Refund', parameters: Type.Object({ id: Type.String(), cents: Type.Integer() }) } as const;
  const fragments: ContextFragment[] = [systemFragment({ value: 'You are an agent.' }), userFragment({ value: 'Refund order 7' })];

  function turnOf(steps: Parameters<typeof createScriptedProvider>[0], executed: unknown[], overrides: Record<string, number> = {}) {
    const provider = createScriptedProvider(steps);
    const turn = defineTurn({
      model: new ModelRunner({ provider }),
      tools: [
        { spec: lookup, execute: (args) => (executed.push(['lookup', args]), { status: 'lost' }), approval: 'auto' },
        { spec: refund, execute: (args) => (executed.push(['refund', args]), { refunded: args.cents }), approval: 'required' },
      ],
      maxSteps: 5,
      maxToolCalls: 5,
      maxInputChars: 20_000,
      maxToolResultChars: 1000,
      ...overrides,
    });
    return { provider, turn };
  }

  it('runs an auto tool, waits for approval of a required one, and resumes from plain JSON', async () => {
    const executed: unknown[] = [];
    const { turn } = turnOf(
      [
        { toolCalls: [{ toolId: 'lookup', args: { id: '7' }, callId: 'a' }] },
        { toolCalls: [{ toolId: 'refund', args: { id: '7', cents: 100 }, callId: 'b' }] },
        'Refunded.',
      ],
      executed,
    );
    const first = await turn.run({ fragments, context: context({}) });
    if (first.status !== 'awaiting-approval') throw new Error(`expected awaiting-approval, got ${first.status}`);
    expect(executed).toEqual([['lookup', { id: '7' }]]);
    const state = JSON.parse(JSON.stringify(first.state)) as TurnState;
    const next = await turn.resume(state, { decisions: [{ callId: 'b', approve: true }], context: context({}) });
    if (next.status !== 'done') throw new Error(`expected done, got ${next.status}`);
    expect(next.text).toBe('Refunded.');
    expect(executed).toEqual([['lookup', { id: '7' }], ['refund', { id: '7', cents: 100 }]]);
  });

  it.each([
    ['an unknown call id', [{ callId: 'zzz', approve: true }]],
    ['two decisions for one call', [{ callId: 'b', approve: true }, { callId: 'b', approve: false }]],
    ['a decision carrying arguments', [{ callId: 'b', approve: true, args: { id: '7', cents: 999999 } }]],
  ])('refuses %s with APPROVAL_INVALID and runs nothing', async (_name, decisions) => {
    const executed: unknown[] = [];
    const { turn } = turnOf([{ toolCalls: [{ toolId: 'refund', args: { id: '7', cents: 100 }, callId: 'b' }] }, 'x'], executed);
    const first = await turn.run({ fragments, context: context({}) });
    if (first.status !== 'awaiting-approval') throw new Error(first.status);
    const error = await caught(() => turn.resume(first.state, { decisions: decisions as never, context: context({}) }));
    expect(error.code).toBe('APPROVAL_INVALID');
    expect(executed).toEqual([]);
  });

  it('refuses a state whose digests do not match its calls', async () => {
    const executed: unknown[] = [];
    const { turn } = turnOf([{ toolCalls: [{ toolId: 'refund', args: { id: '7', cents: 100 }, callId: 'b' }] }, 'x'], executed);
    const first = await turn.run({ fragments, context: context({}) });
    if (first.status !== 'awaiting-approval') throw new Error(first.status);
    const tampered = JSON.parse(JSON.stringify(first.state).replace('"cents":100', '"cents":99999')) as TurnState;
    const error = await caught(() => turn.resume(tampered, { decisions: [{ callId: 'b', approve: true }], context: context({}) }));
    expect(['APPROVAL_INVALID', 'INPUT_INVALID']).toContain(error.code);
    expect(executed).toEqual([]);
  });

  it('stops before the call that would cross maxSteps, its history intact', async () => {
    const executed: unknown[] = [];
    const { turn } = turnOf(
      [
        { toolCalls: [{ toolId: 'lookup', args: { id: '1' }, callId: 'a' }] },
        { toolCalls: [{ toolId: 'lookup', args: { id: '2' }, callId: 'b' }] },
        'never',
      ],
      executed,
      { maxSteps: 2 },
    );
    const result = await turn.run({ fragments, context: context({}) });
    expect(result.status).toBe('stopped');
    expect(result.steps).toHaveLength(2);
    expect(result.history.filter((message) => message.role === 'tool')).toHaveLength(2);
  });

  it('stops before the tool call that would cross maxToolCalls', async () => {
    const executed: unknown[] = [];
    const { turn } = turnOf(
      [
        {
          toolCalls: [
            { toolId: 'lookup', args: { id: '1' }, callId: 'a' },
            { toolId: 'lookup', args: { id: '2' }, callId: 'b' },
          ],
        },
        'never',
      ],
      executed,
      { maxToolCalls: 1 },
    );
    const result = await turn.run({ fragments, context: context({}) });
    expect(result.status).toBe('stopped');
    expect(executed).toHaveLength(1);
  });

  it('turns a throwing execute into a tool error result the model sees, with a code', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'lookup', args: { id: '1' }, callId: 'a' }] }, 'ok']);
    const turn = defineTurn({
      model: new ModelRunner({ provider }),
      tools: [{ spec: lookup, execute: () => { throw new Error('database down: password=hunter2'); }, approval: 'auto' }],
      maxSteps: 3,
      maxToolCalls: 3,
      maxInputChars: 10_000,
      maxToolResultChars: 1000,
    });
    const result = await turn.run({ fragments, context: context({}) });
    expect(result.status).toBe('done');
    const toolMessage = provider.requests[1]!.messages.find((message) => message.role === 'tool');
    expect(toolMessage?.content).toContain('TOOL_FAILED');
    expect(toolMessage?.content).not.toContain('hunter2');
  });

  it('cuts a tool result at maxToolResultChars', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'lookup', args: { id: '1' }, callId: 'a' }] }, 'ok']);
    const turn = defineTurn({
      model: new ModelRunner({ provider }),
      tools: [{ spec: lookup, execute: () => 'z'.repeat(500), approval: 'auto' }],
      maxSteps: 3,
      maxToolCalls: 3,
      maxInputChars: 10_000,
      maxToolResultChars: 100,
    });
    await turn.run({ fragments, context: context({}) });
    const toolMessage = provider.requests[1]!.messages.find((message) => message.role === 'tool');
    expect(toolMessage!.content.length).toBeLessThanOrEqual(100);
  });

  it('records turn.start, turn.step, tool.proposed, tool.decided, tool.result and turn.end', async () => {
    const types: string[] = [];
    const logger = { traceId: 't', flowId: 'f', record: (type: string) => void types.push(type), child: () => logger };
    const executed: unknown[] = [];
    const { turn } = turnOf([{ toolCalls: [{ toolId: 'lookup', args: { id: '1' }, callId: 'a' }] }, 'done'], executed);
    await turn.run({ fragments, context: { app: {}, signal: new AbortController().signal, logger } });
    const own = types.filter((type) => type.startsWith('turn.') || type.startsWith('tool.'));
    expect(own).toEqual(['turn.start', 'turn.step', 'tool.proposed', 'tool.decided', 'tool.result', 'turn.step', 'turn.end']);
  });
});

describe('file log store (SPEC §4, §12)', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'acceptance-probe-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('records append-only with trace id, flow id, seq, time, type and data; child flows', async () => {
    const store = createFileLogStore({ directory });
    const log = store.open('trace-a');
    log.record('one', { n: 1 });
    log.child('sub').record('two');
    await store.flush();
    const page = await store.reader.read({ traceId: 'trace-a', limit: 100, signal: AbortSignal.timeout(60_000) });
    expect(page.records.map((record) => record.type)).toEqual([FLOW_START_TYPE, 'one', FLOW_START_TYPE, 'two']);
    expect(page.records.map((record) => record.seq)).toEqual([0, 1, 2, 3]);
    for (const record of page.records) {
      expect(record.traceId).toBe('trace-a');
      expect(typeof record.flowId).toBe('string');
      expect(Number.isNaN(Date.parse(record.at))).toBe(false);
    }
    expect(page.records[1]!.data).toEqual({ n: 1 });
    expect(page.complete).toBe(true);
    await store.close();
  });

  it.each(['../escape', '/etc/passwd', 'a/b', '..', 'C:x', ''])('refuses the trace id %j (directory scope)', async (traceId) => {
    const store = createFileLogStore({ directory });
    expect(caughtSync(() => store.open(traceId)).code).toBe('INPUT_INVALID');
    expect((await caught(() => store.reader.read({ traceId, limit: 1, signal: AbortSignal.timeout(60_000) }))).code).toBe('INPUT_INVALID');
    await store.close();
  });

  it('skips a torn last line and reports it as a gap, never a crash', async () => {
    const store = createFileLogStore({ directory });
    store.open('torn').record('ok', { a: 1 });
    await store.close();
    const file = join(directory, 'torn.jsonl');
    await appendFile(file, '{"traceId":"torn","flowId":"x","seq":2,"at":"2024');
    const reopened = createFileLogStore({ directory });
    const page = await reopened.reader.read({ traceId: 'torn', limit: 100, signal: AbortSignal.timeout(60_000) });
    expect(page.records.map((record) => record.type)).toEqual([FLOW_START_TYPE, 'ok']);
    expect(page.gaps.length).toBeGreaterThan(0);
    await reopened.close();
  });

  it('pages by opaque cursor without repeating or losing records', async () => {
    const store = createFileLogStore({ directory });
    const log = store.open('paged');
    for (let index = 0; index < 25; index += 1) log.record('n', { index });
    await store.flush();
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.reader.read({ traceId: 'paged', limit: 7, signal: AbortSignal.timeout(60_000), ...(cursor === undefined ? {} : { cursor }) });
      expect(page.records.length).toBeLessThanOrEqual(7);
      seen.push(...page.records.map((record) => record.seq));
      cursor = page.cursor;
    } while (cursor !== undefined);
    expect(seen).toEqual(Array.from({ length: 26 }, (_, index) => index));
    await store.close();
  });

  it('prunes by age and size on the App’s call', async () => {
    const store = createFileLogStore({ directory });
    store.open('old').record('x');
    await store.flush();
    const result = await store.prune({ maxTotalBytes: 0 });
    expect(result.deleted).toEqual(['old']);
    await store.close();
    await writeFile(join(directory, 'unrelated.txt'), 'keep me');
    const again = createFileLogStore({ directory });
    await again.prune({ olderThanMs: 0 });
    expect(await readFile(join(directory, 'unrelated.txt'), 'utf8')).toBe('keep me');
    await again.close();
  });
});

describe('OpenTelemetry export (SPEC §12)', () => {
  function tracing() {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    return { exporter, tracer: provider.getTracer('probe') };
  }

  it('turns a model call into a chat span with GenAI attributes, no content copied', async () => {
    const { exporter, tracer } = tracing();
    const records: LogRecord[] = [];
    let seq = 0;
    const base = {
      traceId: 'trace-otel',
      flowId: 'flow',
      record(type: string, data?: Record<string, unknown>) {
        records.push({ traceId: 'trace-otel', flowId: 'flow', seq: seq++, at: new Date().toISOString(), type, ...(data === undefined ? {} : { data: data }) });
      },
      child() {
        return base;
      },
    };
    const logger = withOtelSpans(base, { tracer });
    const provider = { id: 'openai-compatible', model: 'gpt-probe', async *stream() { yield 'the secret reply'; yield { type: 'finish' as const, reason: 'stop' as const, usage: { inputTokens: 7, outputTokens: 3 } }; } };
    await new ModelRunner({ provider, recordContent: true }).invoke({ input: 'the secret question', stageId: 'reply', context: { app: {}, signal: new AbortController().signal, logger } });
    const spans = exporter.getFinishedSpans();
    const chat = spans.find((span) => span.name.startsWith('chat'));
    expect(chat?.name).toBe('chat gpt-probe');
    expect(chat?.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-probe',
      'gen_ai.usage.input_tokens': 7,
      'gen_ai.usage.output_tokens': 3,
    });
    expect(chat?.attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);
    expect(JSON.stringify(spans.map((span) => [span.attributes, span.events]))).not.toContain('secret');
  });

  it('exports a stored trace post hoc, referencing records by seq', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'acceptance-otel-'));
    try {
      const store = createFileLogStore({ directory });
      const provider = createScriptedProvider([{ text: 'hi', usage: { inputTokens: 1, outputTokens: 1 } }]);
      await new ModelRunner({ provider }).invoke({ input: 'q', stageId: 'reply', context: { app: {}, signal: new AbortController().signal, logger: store.open('trace-x') } });
      await store.flush();
      const { exporter, tracer } = tracing();
      await exportTraceToOtel({ reader: store.reader, traceId: 'trace-x', tracer, signal: AbortSignal.timeout(60_000) });
      const spans = exporter.getFinishedSpans();
      const chat = spans.find((span) => span.name.startsWith('chat'));
      expect(chat).toBeDefined();
      expect(chat!.attributes['gen_ai.operation.name']).toBe('chat');
      expect(typeof chat!.attributes['agent_core.record.start_seq']).toBe('number');
      await store.close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
