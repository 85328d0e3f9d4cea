import { readFileSync } from 'node:fs';
import { APICallError, type LanguageModelV3StreamPart, type LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3, MockLanguageModelV4 } from 'ai/test';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { ModelRunner } from '../index.js';
import { fromAiSdkModel } from './ai-sdk.js';
import { callChunks, finishChunk, textChunks } from './testing/chunk-builders.js';
import { collectStream } from './testing/collect-stream.js';

const hello = { stageId: 'reply', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };
const usage = {
  inputTokens: { total: 4, noCache: 4, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};
const finish = (unified: 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'other' | 'error' | 'interrupted'): LanguageModelV4StreamPart => ({
  type: 'finish',
  finishReason: { unified, raw: unified },
  usage,
});

function modelStreaming(parts: readonly LanguageModelV4StreamPart[]): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doStream: () => Promise.resolve({ stream: simulateReadableStream({ chunks: [...parts], initialDelayInMs: null, chunkDelayInMs: null }) }),
  });
}

describe('fromAiSdkModel', () => {
  it('maps text deltas and the finish part, ignoring metadata, reasoning and ping parts', async () => {
    const model = modelStreaming([
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', id: 'r1' },
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'thinking' },
      { type: 'reasoning-end', id: 'r' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Hi' },
      { type: 'ping' },
      { type: 'text-delta', id: 't', delta: '' },
      { type: 'text-delta', id: 't', delta: ' there' },
      { type: 'text-end', id: 't' },
      finish('stop'),
    ]);
    const { chunks, error } = await collectStream(fromAiSdkModel(model), hello);
    expect(error).toBeUndefined();
    expect(chunks).toEqual([...textChunks('Hi', ' there'), finishChunk('stop', { inputTokens: 4, outputTokens: 2 })]);
  });

  it('streams tool input deltas and does not repeat them from the final tool-call part', async () => {
    const model = modelStreaming([
      { type: 'tool-input-start', id: 'c1', toolName: 'lookup' },
      { type: 'tool-input-delta', id: 'c1', delta: '{"q":' },
      { type: 'tool-input-delta', id: 'c1', delta: '"x"}' },
      { type: 'tool-input-end', id: 'c1' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: '{"q":"x"}' },
      finish('tool-calls'),
    ]);
    const { chunks } = await collectStream(fromAiSdkModel(model), hello);
    expect(chunks).toEqual([...callChunks('c1', 'lookup', '', '{"q":', '"x"}'), finishChunk('tool-calls', { inputTokens: 4, outputTokens: 2 })]);
  });

  describe('the final tool-call part, the provider\'s word on a call\'s input', () => {
    const tools = [{ id: 'lookup', description: 'Look up', parameters: Type.Object({ q: Type.String() }) }];
    const streamedThen = (deltas: readonly string[], input: string) =>
      modelStreaming([
        { type: 'tool-input-start', id: 'c1', toolName: 'lookup' },
        ...deltas.map((delta): LanguageModelV4StreamPart => ({ type: 'tool-input-delta', id: 'c1', delta })),
        { type: 'tool-input-end', id: 'c1' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input },
        finish('tool-calls'),
      ]);

    it('sends what the final input adds to the streamed deltas as one more piece, so the proposal has the final input', async () => {
      const { chunks } = await collectStream(fromAiSdkModel(streamedThen(['{"q":', '"x'], '{"q":"xy"}')), hello);
      expect(chunks).toEqual([...callChunks('c1', 'lookup', '', '{"q":', '"x', 'y"}'), finishChunk('tool-calls', { inputTokens: 4, outputTokens: 2 })]);
      const result = await new ModelRunner({ provider: fromAiSdkModel(streamedThen(['{"q":', '"x'], '{"q":"xy"}')) }).invoke({ input: 'hi', stageId: 'tools', tools });
      expect(result.value).toEqual([{ callId: 'c1', toolId: 'lookup', args: { q: 'xy' } }]);
    });

    it('sends nothing more when the final input is the streamed JSON spelled differently', async () => {
      const { chunks, error } = await collectStream(fromAiSdkModel(streamedThen(['{ "q" : ', '"x" }'], '{"q":"x"}')), hello);
      expect(error).toBeUndefined();
      expect(chunks).toEqual([...callChunks('c1', 'lookup', '', '{ "q" : ', '"x" }'), finishChunk('tool-calls', { inputTokens: 4, outputTokens: 2 })]);
    });

    it('fails the call, not retryable, when the final input contradicts what was streamed (streamed pieces cannot be taken back)', async () => {
      const { error } = await collectStream(fromAiSdkModel(streamedThen(['{"q":"x"}'], '{"q":"y"}')), hello);
      expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false, providerId: 'ai-sdk' } });
      expect((error as Error).message).toContain('tool call c1');
      const run = new ModelRunner({ provider: fromAiSdkModel(streamedThen(['{"q":"x"}'], '{"q":"y"}')) }).invoke({ input: 'hi', stageId: 'tools', tools });
      await expect(run).rejects.toMatchObject({ code: 'PROVIDER_FAILED' });
    });
  });

  it('sends the whole input of a tool call that was not streamed, or whose deltas were raw text', async () => {
    const model = modelStreaming([
      { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: '{"q":"x"}' },
      { type: 'tool-input-start', id: 'c2', toolName: 'say', inputEncoding: 'text' },
      { type: 'tool-input-delta', id: 'c2', delta: 'hello' },
      { type: 'tool-input-end', id: 'c2' },
      { type: 'tool-call', toolCallId: 'c2', toolName: 'say', input: '"hello"' },
      finish('tool-calls'),
    ]);
    const { chunks } = await collectStream(fromAiSdkModel(model), hello);
    expect(chunks).toEqual([
      ...callChunks('c1', 'lookup', '{"q":"x"}'),
      ...callChunks('c2', 'say', '"hello"'),
      finishChunk('tool-calls', { inputTokens: 4, outputTokens: 2 }),
    ]);
  });

  it('ignores provider-executed tool calls and their results', async () => {
    const model = modelStreaming([
      { type: 'tool-input-start', id: 's1', toolName: 'web_search', providerExecuted: true },
      { type: 'tool-input-delta', id: 's1', delta: '{"query":"x"}' },
      { type: 'tool-input-end', id: 's1' },
      { type: 'tool-call', toolCallId: 's1', toolName: 'web_search', input: '{"query":"x"}', providerExecuted: true },
      { type: 'tool-result', toolCallId: 's1', toolName: 'web_search', result: { hits: 1 } },
      finish('stop'),
    ]);
    const { chunks } = await collectStream(fromAiSdkModel(model), hello);
    expect(chunks).toEqual([finishChunk('stop', { inputTokens: 4, outputTokens: 2 })]);
  });

  it.each([
    ['error', false],
    ['interrupted', true],
  ] as const)('fails on finish reason %s (retryable: %s)', async (unified, retryable) => {
    const { error } = await collectStream(fromAiSdkModel(modelStreaming([finish(unified)])), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable, providerId: 'ai-sdk' } });
  });

  it('maps an APICallError from doStream to status, excerpt, retryable and retry-after', async () => {
    const model = new MockLanguageModelV4({
      doStream: () =>
        Promise.reject(
          new APICallError({
            message: 'Too Many Requests',
            url: 'https://api.example.com',
            requestBodyValues: {},
            statusCode: 429,
            responseHeaders: { 'retry-after': '3' },
            responseBody: '{"error":"slow down"}',
          }),
        ),
    });
    const { error } = await collectStream(fromAiSdkModel(model), hello);
    expect(error).toMatchObject({
      code: 'PROVIDER_FAILED',
      message: 'ai-sdk provider: Too Many Requests',
      details: { status: 429, retryable: true, retryAfterMs: 3000, bodyExcerpt: '{"error":"slow down"}' },
    });
  });

  it('keeps the isRetryable decision of an error part', async () => {
    const apiError = new APICallError({ message: 'nope', url: 'u', requestBodyValues: {}, statusCode: 500, isRetryable: false });
    const { error } = await collectStream(fromAiSdkModel(modelStreaming([{ type: 'error', error: apiError }])), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { status: 500, retryable: false } });
  });

  it('passes the prompt, tools, abort signal and settings to doStream', async () => {
    const model = modelStreaming([finish('stop')]);
    await collectStream(fromAiSdkModel(model, { maxOutputTokens: 99, temperature: 0 }), {
      ...hello,
      tools: [{ id: 'ping', description: 'Ping', parameters: { type: 'object', properties: {} } }],
    });
    expect(model.doStreamCalls[0]).toMatchObject({
      maxOutputTokens: 99,
      temperature: 0,
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      tools: [{ type: 'function', name: 'ping', description: 'Ping', inputSchema: { type: 'object', properties: {} } }],
    });
    expect(model.doStreamCalls[0]?.abortSignal).toBeInstanceOf(AbortSignal);
  });

  it('never takes the prompt, tools, signal or raw chunks from settings, even from a JavaScript caller', async () => {
    const model = modelStreaming([finish('stop')]);
    const smuggled = { tools: [{ type: 'function', name: 'delete_everything' }], prompt: [], abortSignal: 'x', includeRawChunks: true, temperature: 0 };
    await collectStream(fromAiSdkModel(model, smuggled), hello);
    const call = model.doStreamCalls[0] as Record<string, unknown> | undefined;
    expect(call?.tools).toBeUndefined();
    expect(call?.includeRawChunks).toBeUndefined();
    expect(call?.prompt).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]);
    expect(call?.abortSignal).toBeInstanceOf(AbortSignal);
    expect(call?.temperature).toBe(0);
  });

  it('rejects a tool result that answers no earlier tool call with INPUT_INVALID', async () => {
    const model = modelStreaming([finish('stop')]);
    const { error } = await collectStream(fromAiSdkModel(model), { ...hello, messages: [{ role: 'tool', callId: 'c9', content: 'x' }] });
    expect(error).toMatchObject({
      code: 'INPUT_INVALID',
      message: 'ai-sdk provider: request.messages[0].callId answers no earlier tool call',
      details: { field: 'request.messages[0].callId', rule: 'unanswered', actual: 'c9' },
    });
    expect(model.doStreamCalls).toHaveLength(0);
  });

  it('cancels the model stream when the caller aborts', async () => {
    let cancelled = false;
    const controller = new AbortController();
    const model = new MockLanguageModelV4({
      doStream: () =>
        Promise.resolve({
          stream: new ReadableStream<LanguageModelV4StreamPart>({
            start: (stream) => {
              stream.enqueue({ type: 'text-delta', id: 't', delta: 'x' });
            },
            cancel: () => {
              cancelled = true;
            },
          }),
        }),
    });
    const chunks: unknown[] = [];
    const failure = await (async () => {
      try {
        for await (const chunk of fromAiSdkModel(model).stream(hello, { signal: controller.signal })) {
          chunks.push(chunk);
          controller.abort();
        }
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(chunks).toEqual(textChunks('x'));
    expect(failure).toMatchObject({ code: 'ABORTED' });
    expect(cancelled).toBe(true);
  });

  it('keeps the reply and drops a usage count that is not a non-negative safe integer', async () => {
    const model = modelStreaming([
      { type: 'text-delta', id: 't', delta: 'answer' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { ...usage, inputTokens: { ...usage.inputTokens, total: Number.NaN }, outputTokens: { ...usage.outputTokens, total: -2 } } },
    ]);
    const result = await new ModelRunner({ provider: fromAiSdkModel(model) }).invoke({ input: 'hi', stageId: 'reply' });
    expect(result).toMatchObject({ value: 'answer', finishReason: 'stop' });
    expect(result.usage).toBeUndefined();
  });

  it('runs a specification v3 model too', async () => {
    const parts: LanguageModelV3StreamPart[] = [
      { type: 'text-delta', id: 't', delta: 'v3' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
    ];
    const model = new MockLanguageModelV3({
      doStream: () => Promise.resolve({ stream: simulateReadableStream({ chunks: parts, initialDelayInMs: null, chunkDelayInMs: null }) }),
    });
    const result = await new ModelRunner({ provider: fromAiSdkModel(model) }).invoke({ input: 'hi', stageId: 'reply' });
    expect(result).toMatchObject({ value: 'v3', finishReason: 'stop', usage: { inputTokens: 4, outputTokens: 2 } });
  });

  describe('a specification v3 model whose stream was cut before its finish', () => {
    // What @ai-sdk/openai 3.x (and the other v3 providers) stream when the connection breaks
    // before the server's finish_reason: their flush() still sends a finish part, with the reason
    // they started from, `{ unified: 'other', raw: undefined }`, and no usage.
    const cut: LanguageModelV3StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', id: 'chatcmpl-1', modelId: 'gpt-4o-mini' },
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'Hel' },
      { type: 'text-end', id: '0' },
      {
        type: 'finish',
        finishReason: { unified: 'other', raw: undefined },
        usage: { inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: undefined, text: undefined, reasoning: undefined } },
      },
    ];
    const v3Model = (parts: readonly LanguageModelV3StreamPart[]) =>
      new MockLanguageModelV3({ doStream: () => Promise.resolve({ stream: simulateReadableStream({ chunks: [...parts], initialDelayInMs: null, chunkDelayInMs: null }) }) });

    it('fails as the native provider and the v4 adapter do (a retryable cut), not succeeding with finish reason other', async () => {
      const { chunks, error } = await collectStream(fromAiSdkModel(v3Model(cut)), hello);
      expect(chunks).toEqual(textChunks('Hel'));
      expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: true, providerId: 'ai-sdk' } });
      const run = new ModelRunner({ provider: fromAiSdkModel(v3Model(cut)) }).invoke({ input: 'hi', stageId: 'reply' });
      await expect(run).rejects.toMatchObject({ code: 'PROVIDER_FAILED' });
    });

    it('still takes a v3 finish other that names the server\'s reason, and a v4 one without it', async () => {
      const named: LanguageModelV3StreamPart[] = [...cut.slice(0, -1), { type: 'finish', finishReason: { unified: 'other', raw: 'pause_turn' }, usage }];
      expect((await collectStream(fromAiSdkModel(v3Model(named)), hello)).error).toBeUndefined();
      const v4 = modelStreaming([{ type: 'text-delta', id: 't', delta: 'x' }, { type: 'finish', finishReason: { unified: 'other', raw: undefined }, usage }]);
      expect((await collectStream(fromAiSdkModel(v4), hello)).chunks).toEqual([...textChunks('x'), finishChunk('other', { inputTokens: 4, outputTokens: 2 })]);
    });
  });

  it('runs a tool stage under ModelRunner', async () => {
    const model = modelStreaming([
      { type: 'tool-input-start', id: 'c1', toolName: 'lookup' },
      { type: 'tool-input-delta', id: 'c1', delta: '{"q":"x"}' },
      { type: 'tool-input-end', id: 'c1' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: '{"q":"x"}' },
      finish('tool-calls'),
    ]);
    const tools = [{ id: 'lookup', description: 'Look up', parameters: Type.Object({ q: Type.String() }) }];
    const result = await new ModelRunner({ provider: fromAiSdkModel(model) }).invoke({ input: 'hi', stageId: 'tools', tools });
    expect(result.value).toEqual([{ callId: 'c1', toolId: 'lookup', args: { q: 'x' } }]);
  });

  it.each([
    ['a plain object', {}],
    ['null', null],
    ['a v2 model', { specificationVersion: 'v2', provider: 'p', modelId: 'm', doStream: () => undefined }],
  ])('rejects %s with CONFIG_INVALID', (_label, value) => {
    expect(() => fromAiSdkModel(value as never)).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
  });

  it.each<[string, string, () => unknown]>([
    ['a model whose provider getter throws', 'languageModel.provider', () => fromAiSdkModel(Object.defineProperty(new MockLanguageModelV3({}), 'provider', { get: () => { throw new RangeError('g'); } }))],
    ['a model proxy whose get trap throws', 'languageModel.specificationVersion', () => fromAiSdkModel(new Proxy(new MockLanguageModelV4({}), { get: () => { throw new RangeError('g'); } }))],
    ['settings whose getter throws', 'settings.temperature', () => fromAiSdkModel(new MockLanguageModelV4({}), Object.defineProperty({}, 'temperature', { enumerable: true, get: () => { throw new RangeError('g'); } }))],
    ['settings whose ownKeys trap throws', 'settings', () => fromAiSdkModel(new MockLanguageModelV4({}), new Proxy({}, { ownKeys: () => { throw new RangeError('g'); } }))],
  ])('refuses %s with CONFIG_INVALID naming %s', (_label, field, create) => {
    expect(create).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field }) as unknown }) as Error);
  });

  it.each<[string, unknown, string]>([
    ['a misspelt setting', { temperatur: 1 }, 'settings.temperatur'],
    ['a temperature that is not a number', { temperature: 'hot' }, 'settings.temperature'],
    ['a NaN topP', { topP: Number.NaN }, 'settings.topP'],
    ['a zero maxOutputTokens', { maxOutputTokens: 0 }, 'settings.maxOutputTokens'],
    ['stop sequences that are not strings', { stopSequences: [1] }, 'settings.stopSequences[0]'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    ['stop sequences with a hole', { stopSequences: [, 'x'] }, 'settings.stopSequences[0]'],
    ['settings that are a Map', new Map([['temperature', 1]]), 'settings'],
  ])('refuses %s in settings with CONFIG_INVALID naming %s', (_label, settings, field) => {
    expect(() => fromAiSdkModel(new MockLanguageModelV4({}), settings as never)).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field }) as unknown }) as Error);
  });

  it('passes every known setting on, and leaves out what the runner sets', async () => {
    const calls: Record<string, unknown>[] = [];
    const model = new MockLanguageModelV4({
      doStream: (options) => {
        calls.push(options);
        return Promise.resolve({ stream: simulateReadableStream({ chunks: [finish('stop')], initialDelayInMs: null, chunkDelayInMs: null }) });
      },
    });
    const settings = { maxOutputTokens: 10, temperature: 0.2, topP: 1, topK: 5, presencePenalty: 0, frequencyPenalty: 0, seed: 7, stopSequences: ['x'], headers: { a: 'b' }, reasoning: 'low' as const, providerOptions: {}, prompt: 'ignored' };
    await collectStream(fromAiSdkModel(model, settings), hello);
    const { prompt: _prompt, ...passed } = settings;
    expect(calls[0]).toMatchObject(passed);
    expect(calls[0]?.prompt).not.toBe('ignored');
  });

  // The .d.ts was compiled against @ai-sdk/provider 3.0.19 and 4.0.38 by hand; this guards the one file its public types come from.
  it('imports only v3 type names from @ai-sdk/provider in the file of its public types', () => {
    const source = readFileSync(new URL('./ai-sdk/ai-sdk-language-model.ts', import.meta.url), 'utf8');
    const imported = [...source.matchAll(/import type \{([^}]*)\} from '@ai-sdk\/provider'/g)].flatMap((match) => (match[1] ?? '').split(',').map((name) => name.trim()));
    expect(imported.length).toBeGreaterThan(0);
    for (const name of imported) expect(name).toMatch(/V3/);
  });

  it.each<[string, () => MockLanguageModelV4]>([
    ['a null part', () => modelStreaming([null as unknown as LanguageModelV4StreamPart])],
    ['a finish without its reason', () => modelStreaming([{ type: 'finish', usage } as unknown as LanguageModelV4StreamPart])],
    ['doStream resolving to an object without a stream', () => new MockLanguageModelV4({ doStream: () => Promise.resolve({} as never) })],
  ])('fails with PROVIDER_FAILED on %s, never a bare TypeError', async (_, model) => {
    const { error } = await collectStream(fromAiSdkModel(model()), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false } });
  });

  it('reads each field of a part once, so a getter that answers differently later changes nothing', async () => {
    let reads = 0;
    const flipping = {
      type: 'text-delta',
      id: 't',
      get delta(): unknown {
        reads += 1;
        return reads === 1 ? 'once' : 5;
      },
    };
    const { chunks, error } = await collectStream(fromAiSdkModel(modelStreaming([flipping as unknown as LanguageModelV4StreamPart, finish('stop')])), hello);
    expect(error).toBeUndefined();
    expect(chunks[0]).toEqual({ type: 'text', text: 'once' });
    expect(reads).toBe(1);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a text-delta whose delta is not a string', { type: 'text-delta', id: 't', delta: 5 }, 'text-delta part: delta must be a string (got 5)'],
    ['a tool-input-delta without its id', { type: 'tool-input-delta', delta: '{}' }, 'tool-input-delta part: id must be a string (got undefined)'],
    ['a tool-call whose input is an object', { type: 'tool-call', toolCallId: 'c', toolName: 't', input: {} }, 'tool-call part: input must be a string (got an object)'],
  ])('fails on %s with PROVIDER_FAILED naming the field', async (_label, part, message) => {
    const { chunks, error } = await collectStream(fromAiSdkModel(modelStreaming([part as unknown as LanguageModelV4StreamPart, finish('stop')])), hello);
    expect(chunks).toEqual([]);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false } });
    expect((error as Error).message).toBe(`ai-sdk provider: the model streamed a malformed ${message}`);
  });

  it('says a v2-style finish part (a string finishReason) has no finishReason.unified', async () => {
    const { error } = await collectStream(fromAiSdkModel(modelStreaming([{ type: 'finish', finishReason: 'stop', usage } as unknown as LanguageModelV4StreamPart])), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false } });
    expect((error as Error).message).toContain('finishReason.unified');
  });

  it('names the model in the provider id', () => {
    expect(fromAiSdkModel(new MockLanguageModelV4({ provider: 'acme', modelId: 'm1' })).id).toBe('ai-sdk:acme:m1');
  });
});
