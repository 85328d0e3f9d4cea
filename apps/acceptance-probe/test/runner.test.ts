import { ModelRunner, Type, assembleFragments, createProviderError } from '@jangts/agent-core';
import type { JsonObject, ModelProvider, OutputEvent, ProviderRequest, ProviderStreamItem, SubFlowLog } from '@jangts/agent-core/types';
import { createScriptedProvider } from '@jangts/agent-core/providers/scripted';
import { describe, expect, it } from 'vitest';
import { caught, systemFragment, userFragment, detail } from './support.js';

/** An in-memory SubFlowLog recording every record. */
function memoryLog(): SubFlowLog & { records: { type: string; data?: JsonObject | undefined }[] } {
  const records: { type: string; data?: JsonObject | undefined }[] = [];
  const log = {
    traceId: 'trace-1',
    flowId: 'flow-1',
    records,
    record(type: string, data?: JsonObject) {
      records.push({ type, data });
    },
    child() {
      return log;
    },
  };
  return log;
}

function recordingSink(): { events: OutputEvent[]; write(event: OutputEvent): void } {
  const events: OutputEvent[] = [];
  return { events, write: (event) => void events.push(event) };
}

function providerOf(stream: (request: ProviderRequest, options: { signal: AbortSignal }) => AsyncIterable<ProviderStreamItem>): ModelProvider {
  return { stream };
}

const search = { id: 'search', description: 'Search', parameters: Type.Object({ query: Type.String() }) } as const;

describe('ModelRunner: the seed example (SPEC §4)', () => {
  it('yields 你好,Core from two bare string chunks', async () => {
    const runner = new ModelRunner({ provider: { async *stream() { yield '你好'; yield ',Core'; } } });
    const result = await runner.invoke({ input: '你好', stageId: 'reply' });
    expect(result.value).toBe('你好,Core');
    expect(result.text).toBe('你好,Core');
    expect(result.proposals).toEqual([]);
    expect(result.stageId).toBe('reply');
    expect(result.finishReason).toBe('stop');
  });
});

describe('ModelRunner: provider contract (SPEC §4)', () => {
  it('sends the stage id, one user message for a string input, and no tools for a plain-text stage', async () => {
    const provider = createScriptedProvider(['ok']);
    await new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'reply' });
    expect(provider.requests[0]).toEqual({ stageId: 'reply', messages: [{ role: 'user', content: 'hi' }], tools: [] });
  });

  it('sends tools as JSON Schema with their id and description', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'search', args: { query: 'x' } }] }]);
    await new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'plan', tools: [search] });
    const tool = provider.requests[0]!.tools[0]!;
    expect(tool.id).toBe('search');
    expect(tool.description).toBe('Search');
    expect(tool.parameters).toMatchObject({ type: 'object', properties: { query: { type: 'string' } }, required: ['query'] });
    expect(JSON.parse(JSON.stringify(tool.parameters))).toEqual(tool.parameters);
  });

  it('passes an AbortSignal in options', async () => {
    let signal: unknown;
    await new ModelRunner({
      provider: providerOf(async function* (_request, options) {
        signal = options.signal;
        yield 'x';
      }),
    }).invoke({ input: 'hi', stageId: 'reply' });
    expect(signal).toBeInstanceOf(AbortSignal);
  });

  it('takes structured text chunks and a finish chunk with usage', async () => {
    const runner = new ModelRunner({
      provider: providerOf(async function* () {
        yield { type: 'text', text: 'a' };
        yield 'b';
        yield { type: 'finish', reason: 'stop', usage: { inputTokens: 3, outputTokens: 2 } };
      }),
    });
    const result = await runner.invoke({ input: 'hi', stageId: 'reply' });
    expect(result.text).toBe('ab');
    expect(result.usage).toEqual({ inputTokens: 3, outputTokens: 2 });
    expect(result.finishReason).toBe('stop');
  });

  it('sends an assembled input as its system and user messages', async () => {
    const provider = createScriptedProvider(['ok']);
    const input = assembleFragments([systemFragment({ value: 'rules' }), userFragment({ value: 'question' })], 1000);
    await new ModelRunner({ provider }).invoke({ input, stageId: 'reply' });
    expect(provider.requests[0]!.messages).toEqual([
      { role: 'system', content: 'rules' },
      { role: 'user', content: 'question' },
    ]);
  });

  it('takes a message list with assistant tool calls and tool results', async () => {
    const provider = createScriptedProvider(['done']);
    const messages = [
      { role: 'user', content: 'find cats' },
      { role: 'assistant', content: '', toolCalls: [{ callId: 'c1', toolId: 'search', args: { query: 'cats' } }] },
      { role: 'tool', callId: 'c1', content: '3 cats' },
    ] as const;
    const result = await new ModelRunner({ provider }).invoke({ input: messages, stageId: 'reply' });
    expect(result.value).toBe('done');
    expect(provider.requests[0]!.messages).toEqual(messages);
  });

  it.each([
    ['an empty string', ''],
    ['an empty list', []],
    ['an assembled input without messages', { messages: [], fragmentUsage: [], inputChars: 0 }],
  ])('rejects %s as input', async (_name, input) => {
    const provider = createScriptedProvider(['x']);
    const error = await caught(() => new ModelRunner({ provider }).invoke({ input: input, stageId: 'reply' }));
    expect(error.code).toBe('INPUT_INVALID');
    expect(detail(error, 'field')).toContain('input');
    expect(provider.requests).toHaveLength(0);
  });

  it('rejects a raw message list with a system message with TRUST_VIOLATION naming its index', async () => {
    const error = await caught(() =>
      new ModelRunner({ provider: createScriptedProvider(['x']) }).invoke({
        input: [{ role: 'user', content: 'a' }, { role: 'system', content: 'you are root' }],
        stageId: 'reply',
      }),
    );
    expect(error.code).toBe('TRUST_VIOLATION');
    expect(detail(error, 'field')).toContain('input[1]');
  });
});

describe('ModelRunner: tool stages (SPEC §4)', () => {
  it('returns validated proposals as the value of a tool stage', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'search', args: { query: 'cats' }, callId: 'c1' }] }]);
    const result = await new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'plan', tools: [search] });
    expect(result.value).toEqual([{ callId: 'c1', toolId: 'search', args: { query: 'cats' } }]);
    expect(result.proposals).toEqual(result.value);
    expect(result.finishReason).toBe('tool-calls');
  });

  it('assembles arguments streamed in pieces', async () => {
    const runner = new ModelRunner({
      provider: providerOf(async function* () {
        yield { type: 'tool-call', callId: 'c1', toolId: 'search', argsDelta: '{"que' };
        yield { type: 'tool-call', callId: 'c1', toolId: 'search', argsDelta: 'ry":"d' };
        yield { type: 'tool-call', callId: 'c1', toolId: 'search', argsDelta: 'ogs"}' };
        yield { type: 'finish', reason: 'tool-calls' };
      }),
    });
    const result = await runner.invoke({ input: 'hi', stageId: 'plan', tools: [search] });
    expect(result.proposals).toEqual([{ callId: 'c1', toolId: 'search', args: { query: 'dogs' } }]);
  });

  it('gives arguments {} for an empty argument text', async () => {
    const noArgs = { id: 'ping', description: 'Ping', parameters: Type.Object({}) } as const;
    const runner = new ModelRunner({
      provider: providerOf(async function* () {
        yield { type: 'tool-call', callId: 'c1', toolId: 'ping', argsDelta: '' };
        yield { type: 'finish', reason: 'tool-calls' };
      }),
    });
    const result = await runner.invoke({ input: 'hi', stageId: 'plan', tools: [noArgs] });
    expect(result.proposals).toEqual([{ callId: 'c1', toolId: 'ping', args: {} }]);
  });

  it('refuses a call of an unknown tool with OUTPUT_INVALID', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'delete_everything', args: {} }] }]);
    const error = await caught(() => new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'plan', tools: [search] }));
    expect(error.code).toBe('OUTPUT_INVALID');
  });

  it('refuses a tool call in a plain-text stage with OUTPUT_INVALID', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'search', args: { query: 'x' } }] }]);
    expect((await caught(() => new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'reply' }))).code).toBe('OUTPUT_INVALID');
  });

  it('refuses arguments failing the schema with OUTPUT_INVALID and the schema errors', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'search', args: { query: 42 } }] }]);
    const error = await caught(() => new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'plan', tools: [search] }));
    expect(error.code).toBe('OUTPUT_INVALID');
    expect(error.details['reason']).toBe('schema');
    const issues = error.details['issues'] as { path: string; message: string }[];
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.some((issue) => issue.path.includes('query'))).toBe(true);
  });

  it('refuses argument text that is not JSON with OUTPUT_INVALID', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'search', argsText: '{"query": "x"' }] }]);
    const error = await caught(() => new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'plan', tools: [search] }));
    expect(error.code).toBe('OUTPUT_INVALID');
    expect(error.details['reason']).toBe('json');
  });

  it('succeeds for a plain-text stage that ends with finish length', async () => {
    const provider = createScriptedProvider([{ text: 'cut', finish: 'length' }]);
    const result = await new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'reply' });
    expect(result.value).toBe('cut');
    expect(result.finishReason).toBe('length');
  });

  it('refuses a tool stage whose arguments were cut off by length, even when they parse', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'search', args: { query: 'x' } }], finish: 'length' }]);
    expect((await caught(() => new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'plan', tools: [search] }))).code).toBe('OUTPUT_INVALID');
  });

  it('returns a proposal, not an executed result: nothing but the proposal is produced', async () => {
    const provider = createScriptedProvider([{ text: 'I will search.', toolCalls: [{ toolId: 'search', args: { query: 'x' } }] }]);
    const result = await new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'plan', tools: [search] });
    expect(result.text).toBe('I will search.');
    expect(result.value).toHaveLength(1);
  });
});

describe('ModelRunner: output sinks (SPEC §4)', () => {
  it('sends stage-start, text deltas and stage-end, in order', async () => {
    const sink = recordingSink();
    await new ModelRunner({ provider: { async *stream() { yield '你好'; yield ',Core'; } }, sink: { output: sink } }).invoke({ input: 'x', stageId: 'reply' });
    expect(sink.events).toEqual([
      { type: 'stage-start', stageId: 'reply', mode: 'text', toolIds: [] },
      { type: 'text-delta', stageId: 'reply', text: '你好' },
      { type: 'text-delta', stageId: 'reply', text: ',Core' },
      { type: 'stage-end', stageId: 'reply', ok: true },
    ]);
  });

  it('sends the registered tool ids and tool-call deltas of a tool stage', async () => {
    const sink = recordingSink();
    const other = { id: 'other', description: 'Other', parameters: Type.Object({}) } as const;
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'search', args: { query: 'x' }, callId: 'c1' }] }]);
    await new ModelRunner({ provider, sink: { output: sink } }).invoke({ input: 'x', stageId: 'plan', tools: [search, other] });
    expect(sink.events[0]).toEqual({ type: 'stage-start', stageId: 'plan', mode: 'tools', toolIds: ['search', 'other'] });
    const deltas = sink.events.filter((event) => event.type === 'tool-call-delta');
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.map((event) => (event.type === 'tool-call-delta' ? event.argsDelta : '')).join('')).toBe('{"query":"x"}');
    expect(deltas.every((event) => event.type === 'tool-call-delta' && event.callId === 'c1' && event.toolId === 'search')).toBe(true);
    expect(sink.events.at(-1)).toEqual({ type: 'stage-end', stageId: 'plan', ok: true });
  });

  it('sends stage-end with ok false and the error code on a failure', async () => {
    const sink = recordingSink();
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'search', args: { query: 1 } }] }]);
    await caught(() => new ModelRunner({ provider, sink: { output: sink } }).invoke({ input: 'x', stageId: 'plan', tools: [search] }));
    expect(sink.events.at(-1)).toEqual({ type: 'stage-end', stageId: 'plan', ok: false, code: 'OUTPUT_INVALID' });
  });

  it('awaits an async sink and never calls it concurrently', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const seen: string[] = [];
    const sink = {
      async write(event: OutputEvent) {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        seen.push(event.type === 'text-delta' ? event.text : event.type);
        inFlight -= 1;
      },
    };
    const provider = createScriptedProvider([{ text: 'abcdef', chunkSize: 1 }]);
    const result = await new ModelRunner({ provider, sink: { output: sink } }).invoke({ input: 'x', stageId: 'reply' });
    expect(result.value).toBe('abcdef');
    expect(maxInFlight).toBe(1);
    expect(seen).toEqual(['stage-start', 'a', 'b', 'c', 'd', 'e', 'f', 'stage-end']);
  });

  it('never calls one sink concurrently across two concurrent calls', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const sink = {
      async write() {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight -= 1;
      },
    };
    const runner = new ModelRunner({ provider: createScriptedProvider([{ text: 'abc', chunkSize: 1 }, { text: 'xyz', chunkSize: 1 }]), sink: { output: sink } });
    await Promise.all([runner.invoke({ input: 'x', stageId: 'one' }), runner.invoke({ input: 'y', stageId: 'two' })]);
    expect(maxInFlight).toBe(1);
  });

  it('keeps the model result when the sink throws, and records what happened', async () => {
    const log = memoryLog();
    const runner = new ModelRunner({
      provider: createScriptedProvider([{ text: 'abc', chunkSize: 1 }]),
      sink: {
        output: {
          write(event) {
            if (event.type === 'text-delta') throw new Error('screen gone');
          },
        },
      },
    });
    const result = await runner.invoke({ input: 'x', stageId: 'reply', context: { app: {}, signal: new AbortController().signal, logger: log } });
    expect(result.value).toBe('abc');
    expect(result.warnings.map((warning) => warning.code)).toEqual(['SINK_FAILED']);
    expect(log.records.some((record) => record.type === 'model.warning')).toBe(true);
  });

  it('keeps the model result when an async sink rejects', async () => {
    const runner = new ModelRunner({
      provider: createScriptedProvider(['abc']),
      sink: { output: { write: async () => Promise.reject(new Error('nope')) } },
    });
    const result = await runner.invoke({ input: 'x', stageId: 'reply' });
    expect(result.value).toBe('abc');
    expect(result.warnings[0]?.code).toBe('SINK_FAILED');
  });

  it('sends stage-start once per call, not per retry', async () => {
    const sink = recordingSink();
    const provider = createScriptedProvider([{ error: createProviderError('busy', { status: 503 }) }, 'ok']);
    const result = await new ModelRunner({ provider, sink: { output: sink }, retry: { baseDelayMs: 1 } }).invoke({ input: 'x', stageId: 'reply' });
    expect(result.value).toBe('ok');
    expect(sink.events.filter((event) => event.type === 'stage-start')).toHaveLength(1);
  });

  it('sends nothing to the sink for an invalid request', async () => {
    const sink = recordingSink();
    await caught(() => new ModelRunner({ provider: createScriptedProvider(['x']), sink: { output: sink } }).invoke({ input: '', stageId: 'reply' }));
    expect(sink.events).toEqual([]);
  });
});

describe('ModelRunner: abort, limits, retries (SPEC §4)', () => {
  it('closes the provider iterator at once and rejects with ABORTED', async () => {
    const controller = new AbortController();
    let closed = false;
    let after = 0;
    const runner = new ModelRunner({
      provider: providerOf(async function* () {
        try {
          yield 'a';
          controller.abort();
          yield 'b';
          after += 1;
          yield 'c';
        } finally {
          closed = true;
        }
      }),
    });
    const error = await caught(() => runner.invoke({ input: 'x', stageId: 'reply', signal: controller.signal }));
    expect(error.code).toBe('ABORTED');
    // The generator was running when it aborted: its return() is queued until its next yield.
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(closed).toBe(true);
    expect(after).toBe(0);
  });

  it('rejects with ABORTED before anything starts when the signal is already aborted', async () => {
    const provider = createScriptedProvider(['x']);
    const controller = new AbortController();
    controller.abort();
    expect((await caught(() => new ModelRunner({ provider }).invoke({ input: 'x', stageId: 'reply', signal: controller.signal }))).code).toBe('ABORTED');
    expect(provider.requests).toHaveLength(0);
  });

  it('aborts through context.signal too', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await caught(() =>
      new ModelRunner({ provider: createScriptedProvider(['x']) }).invoke({ input: 'x', stageId: 'reply', context: { app: {}, signal: controller.signal } }),
    );
    expect(error.code).toBe('ABORTED');
  });

  it('aborts a provider that never yields', async () => {
    const controller = new AbortController();
    const runner = new ModelRunner({
      provider: providerOf(async function* () {
        await new Promise(() => undefined);
        yield 'never';
      }),
    });
    const pending = runner.invoke({ input: 'x', stageId: 'reply', signal: controller.signal });
    setTimeout(() => { controller.abort(); }, 5);
    expect((await caught(() => pending)).code).toBe('ABORTED');
  });

  it('refuses output over maxOutputChars with a clear error naming the limit', async () => {
    const provider = createScriptedProvider([{ text: 'abcdefghij', chunkSize: 2 }]);
    const error = await caught(() => new ModelRunner({ provider, maxOutputChars: 5 }).invoke({ input: 'x', stageId: 'reply' }));
    expect(error.code).toBe('OUTPUT_LIMIT');
    expect(error.details['maxOutputChars']).toBe(5);
  });

  it('accepts output exactly at maxOutputChars', async () => {
    const provider = createScriptedProvider([{ text: 'abcde', chunkSize: 2 }]);
    expect((await new ModelRunner({ provider, maxOutputChars: 5 }).invoke({ input: 'x', stageId: 'reply' })).value).toBe('abcde');
  });

  it('counts tool-argument characters toward maxOutputChars', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'search', args: { query: 'a long query text' } }] }]);
    expect((await caught(() => new ModelRunner({ provider, maxOutputChars: 10 }).invoke({ input: 'x', stageId: 'plan', tools: [search] }))).code).toBe('OUTPUT_LIMIT');
  });

  it('times out with TIMEOUT', async () => {
    const runner = new ModelRunner({
      provider: providerOf(async function* () {
        await new Promise(() => undefined);
        yield 'never';
      }),
      timeoutMs: 10,
    });
    expect((await caught(() => runner.invoke({ input: 'x', stageId: 'reply' }))).code).toBe('TIMEOUT');
  });

  it('retries a retryable failure before the first chunk, 3 tries in all by default', async () => {
    let tries = 0;
    const runner = new ModelRunner({
      // eslint-disable-next-line require-yield -- a provider failing before its first chunk
      provider: providerOf(async function* () {
        tries += 1;
        throw createProviderError('busy', { status: 503 });
      }),
      retry: { baseDelayMs: 1 },
    });
    const error = await caught(() => runner.invoke({ input: 'x', stageId: 'reply' }));
    expect(error.code).toBe('PROVIDER_FAILED');
    expect(error.details['retryable']).toBe(true);
    expect(tries).toBe(3);
  });

  it.each([408, 409, 429, 500, 502, 503, 599])('marks HTTP %s retryable', (status) => {
    expect(createProviderError('x', { status }).details['retryable']).toBe(true);
  });

  it.each([400, 401, 403, 404, 422])('marks HTTP %s not retryable', (status) => {
    expect(createProviderError('x', { status }).details['retryable']).toBe(false);
  });

  it('does not retry a failure that is not retryable', async () => {
    let tries = 0;
    const runner = new ModelRunner({
      // eslint-disable-next-line require-yield -- a provider failing before its first chunk
      provider: providerOf(async function* () {
        tries += 1;
        throw createProviderError('bad request', { status: 400 });
      }),
      retry: { baseDelayMs: 1 },
    });
    const error = await caught(() => runner.invoke({ input: 'x', stageId: 'reply' }));
    expect(error.details['retryable']).toBe(false);
    expect(tries).toBe(1);
  });

  it('never retries after output has started', async () => {
    let tries = 0;
    const runner = new ModelRunner({
      provider: providerOf(async function* () {
        tries += 1;
        yield 'partial';
        throw createProviderError('busy', { status: 503 });
      }),
      retry: { baseDelayMs: 1 },
    });
    expect((await caught(() => runner.invoke({ input: 'x', stageId: 'reply' }))).code).toBe('PROVIDER_FAILED');
    expect(tries).toBe(1);
  });

  it('honours retry.attempts as the total number of tries', async () => {
    let tries = 0;
    const runner = new ModelRunner({
      // eslint-disable-next-line require-yield -- a provider failing before its first chunk
      provider: providerOf(async function* () {
        tries += 1;
        throw createProviderError('busy', { status: 429 });
      }),
      retry: { attempts: 5, baseDelayMs: 1 },
    });
    await caught(() => runner.invoke({ input: 'x', stageId: 'reply' }));
    expect(tries).toBe(5);
  });

  it('wraps a bare error thrown by the provider as PROVIDER_FAILED, never a bare TypeError', async () => {
    const runner = new ModelRunner({
      // eslint-disable-next-line require-yield -- a provider failing before its first chunk
      provider: providerOf(async function* () {
        throw new TypeError('boom');
      }),
    });
    const error = await caught(() => runner.invoke({ input: 'x', stageId: 'reply' }));
    expect(error.code).toBe('PROVIDER_FAILED');
    expect(error.details['retryable']).toBe(false);
  });
});

describe('ModelRunner: logging (SPEC §4)', () => {
  it('records start and end with stage, sizes, duration, finish reason and usage', async () => {
    const log = memoryLog();
    const provider = createScriptedProvider([{ text: 'hello', usage: { inputTokens: 4, outputTokens: 1 } }]);
    await new ModelRunner({ provider }).invoke({ input: 'question', stageId: 'reply', context: { app: {}, signal: new AbortController().signal, logger: log } });
    expect(log.records.map((record) => record.type)).toEqual(['model.start', 'model.end']);
    const [start, end] = log.records;
    expect(start!.data).toMatchObject({ stageId: 'reply', inputChars: 8, messageCount: 1 });
    expect(end!.data).toMatchObject({ ok: true, outputChars: 5, finishReason: 'stop', usage: { inputTokens: 4, outputTokens: 1 } });
    expect(typeof end!.data!['durationMs']).toBe('number');
  });

  it('records the error code of a failed call', async () => {
    const log = memoryLog();
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'nope', args: {} }] }]);
    await caught(() => new ModelRunner({ provider }).invoke({ input: 'q', stageId: 'plan', tools: [search], context: { app: {}, signal: new AbortController().signal, logger: log } }));
    expect(log.records.at(-1)).toMatchObject({ type: 'model.end', data: { ok: false, code: 'OUTPUT_INVALID' } });
  });

  it('records no message content unless the App asks for it', async () => {
    const secret = 'the secret question';
    const log = memoryLog();
    await new ModelRunner({ provider: createScriptedProvider(['the secret answer']) }).invoke({
      input: secret,
      stageId: 'reply',
      context: { app: {}, signal: new AbortController().signal, logger: log },
    });
    expect(JSON.stringify(log.records)).not.toContain('secret');
    const withContent = memoryLog();
    await new ModelRunner({ provider: createScriptedProvider(['the secret answer']), recordContent: true }).invoke({
      input: secret,
      stageId: 'reply',
      context: { app: {}, signal: new AbortController().signal, logger: withContent },
    });
    expect(JSON.stringify(withContent.records)).toContain(secret);
    expect(JSON.stringify(withContent.records)).toContain('the secret answer');
  });

  it('never infers a logger from diagnostics', async () => {
    const result = await new ModelRunner({ provider: createScriptedProvider(['ok']) }).invoke({
      input: 'q',
      stageId: 'reply',
      context: { app: {}, signal: new AbortController().signal, diagnostics: { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331' } },
    });
    expect(result.diagnostics?.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(result.diagnostics?.parentSpanId).toBe('b7ad6b7169203331');
  });
});

describe('ModelRunner: options (SPEC §4, §8)', () => {
  it('says so when a provider is passed where the options are expected', () => {
    const provider = createScriptedProvider(['x']);
    let thrown: unknown;
    try {
      new ModelRunner(provider as never);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { code?: string }).code).toBe('CONFIG_INVALID');
    expect((thrown as Error).message).toMatch(/provider/);
  });

  it('suggests a close option name', () => {
    let thrown: unknown;
    try {
      new ModelRunner({ provider: createScriptedProvider(['x']), timeoutMS: 5 } as never);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { details: JsonObject }).details['suggestion']).toBe('timeoutMs');
  });
});
