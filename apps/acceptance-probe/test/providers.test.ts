import { ModelRunner, Type, assembleFragments } from '@jangts/agent-core';
import { createAnthropicProvider } from '@jangts/agent-core/providers/anthropic';
import { createOpenAICompatibleProvider } from '@jangts/agent-core/providers/openai-compatible';
import { fromAiSdkModel } from '@jangts/agent-core/providers/ai-sdk';
import { describe, expect, it } from 'vitest';
import { caught, caughtSync, systemFragment, userFragment } from './support.js';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A fetch answering each call with the next response, recording what was sent. */
function fakeFetch(responses: (() => Response)[]): { fetch: typeof globalThis.fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  let index = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    sent.push({ url: input instanceof Request ? input.url : input.toString(), method: init?.method ?? 'GET', headers, body: JSON.parse(init?.body as string) as Record<string, unknown> });
    const next = responses[Math.min(index, responses.length - 1)]!;
    index += 1;
    return next();
  };
  return { fetch, sent };
}

const sse = (datas: readonly unknown[]) => datas.map((data) => `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`).join('');
const eventStream = (body: string) => new Response(body, { headers: { 'content-type': 'text/event-stream' } });
const search = { id: 'search_docs', description: 'Search', parameters: Type.Object({ q: Type.String() }) } as const;

describe('OpenAI-compatible provider (SPEC §4)', () => {
  const ok = () =>
    eventStream(
      sse([
        { choices: [{ index: 0, delta: { content: 'Hel' }, finish_reason: null }] },
        { choices: [{ index: 0, delta: { content: 'lo' }, finish_reason: null }] },
        { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
        { choices: [], usage: { prompt_tokens: 5, completion_tokens: 2 } },
        '[DONE]',
      ]),
    );

  it('POSTs {baseURL}/chat/completions with stream, usage asked for, and a bearer key', async () => {
    const { fetch, sent } = fakeFetch([ok]);
    const provider = createOpenAICompatibleProvider({ baseURL: 'http://model.test/v1', model: 'm1', apiKey: 'sk-secret', fetch });
    const result = await new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'reply' });
    expect(result.value).toBe('Hello');
    expect(result.usage).toEqual({ inputTokens: 5, outputTokens: 2 });
    expect(result.finishReason).toBe('stop');
    expect(sent[0]!.url).toBe('http://model.test/v1/chat/completions');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers['authorization']).toBe('Bearer sk-secret');
    expect(sent[0]!.body).toMatchObject({ model: 'm1', stream: true, stream_options: { include_usage: true } });
  });

  it('sends no Authorization header without a key', async () => {
    const { fetch, sent } = fakeFetch([ok]);
    await new ModelRunner({ provider: createOpenAICompatibleProvider({ baseURL: 'http://model.test/v1', model: 'm1', fetch }) }).invoke({ input: 'hi', stageId: 'reply' });
    expect(sent[0]!.headers['authorization']).toBeUndefined();
  });

  it('sends tool ids as function names, and system content from fragments', async () => {
    const { fetch, sent } = fakeFetch([
      () =>
        eventStream(
          sse([
            { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'search_docs', arguments: '{"q":' } }] }, finish_reason: null }] },
            { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"cats"}' } }] }, finish_reason: null }] },
            { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
            '[DONE]',
          ]),
        ),
    ]);
    const input = assembleFragments([systemFragment({ value: 'Rules.' }), userFragment({ value: 'Find cats' })], 1000);
    const result = await new ModelRunner({ provider: createOpenAICompatibleProvider({ baseURL: 'http://model.test/v1', model: 'm1', fetch }) }).invoke({ input, stageId: 'plan', tools: [search] });
    expect(result.value).toEqual([{ callId: 'call_1', toolId: 'search_docs', args: { q: 'cats' } }]);
    expect(result.finishReason).toBe('tool-calls');
    const tools = sent[0]!.body['tools'] as { type: string; function: { name: string } }[];
    expect(tools.map((tool) => tool.function.name)).toEqual(['search_docs']);
    expect(sent[0]!.body['messages']).toEqual([
      { role: 'system', content: 'Rules.' },
      { role: 'user', content: 'Find cats' },
    ]);
  });

  it('fails a stream that ends without a finish_reason', async () => {
    const { fetch } = fakeFetch([() => eventStream(sse([{ choices: [{ index: 0, delta: { content: 'cut' }, finish_reason: null }] }]))]);
    const error = await caught(() => new ModelRunner({ provider: createOpenAICompatibleProvider({ baseURL: 'http://model.test/v1', model: 'm1', fetch }) }).invoke({ input: 'hi', stageId: 'reply' }));
    expect(error.code).toBe('PROVIDER_FAILED');
  });

  it('turns an HTTP error into PROVIDER_FAILED with the status and a body excerpt, never the key', async () => {
    const { fetch } = fakeFetch([() => new Response('{"error":"bad key sk-secret-123 rejected"}', { status: 401 })]);
    const provider = createOpenAICompatibleProvider({ baseURL: 'http://model.test/v1', model: 'm1', apiKey: 'sk-secret-123', fetch });
    const error = await caught(() => new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'reply' }));
    expect(error.code).toBe('PROVIDER_FAILED');
    expect(error.details['status']).toBe(401);
    expect(error.details['retryable']).toBe(false);
    expect(JSON.stringify(error.details)).toContain('bad key');
    expect(JSON.stringify(error.details)).not.toContain('sk-secret-123');
    expect(error.message).not.toContain('sk-secret-123');
  });

  it('retries a 429 honouring retry-after, then succeeds', async () => {
    const { fetch, sent } = fakeFetch([() => new Response('slow down', { status: 429, headers: { 'retry-after': '0' } }), ok]);
    const provider = createOpenAICompatibleProvider({ baseURL: 'http://model.test/v1', model: 'm1', fetch });
    const result = await new ModelRunner({ provider, retry: { baseDelayMs: 1 } }).invoke({ input: 'hi', stageId: 'reply' });
    expect(result.value).toBe('Hello');
    expect(sent).toHaveLength(2);
  });

  it('suggests baseURL for baseUrl (SPEC §8)', () => {
    const error = caughtSync(() => createOpenAICompatibleProvider({ baseUrl: 'http://x', model: 'm' } as never));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.details['suggestion']).toBe('baseURL');
  });

  it('says a missing required field "is required" (SPEC §8)', () => {
    const error = caughtSync(() => createOpenAICompatibleProvider({ baseURL: 'http://x' } as never));
    expect(error.message).toContain('is required');
    expect(error.details['field']).toBe('model');
  });
});

describe('Anthropic provider (SPEC §4)', () => {
  const events = (stop = true) => {
    const list: { type: string; [key: string]: unknown }[] = [
      { type: 'message_start', message: { id: 'msg', type: 'message', role: 'assistant', content: [], usage: { input_tokens: 9, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Bonjour' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 3 } },
    ];
    if (stop) list.push({ type: 'message_stop' });
    return () => eventStream(list.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(''));
  };

  it('POSTs {baseURL}/v1/messages with x-api-key, anthropic-version 2023-06-01 and the system field', async () => {
    const { fetch, sent } = fakeFetch([events()]);
    const provider = createAnthropicProvider({ model: 'claude-x', maxTokens: 100, apiKey: 'sk-ant', fetch });
    const input = assembleFragments([systemFragment({ value: 'Be French.' }), userFragment({ value: 'Hi' })], 1000);
    const result = await new ModelRunner({ provider }).invoke({ input, stageId: 'reply' });
    expect(result.value).toBe('Bonjour');
    expect(result.finishReason).toBe('stop');
    expect(sent[0]!.url).toBe('https://api.anthropic.com/v1/messages');
    expect(sent[0]!.headers['x-api-key']).toBe('sk-ant');
    expect(sent[0]!.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent[0]!.body).toMatchObject({ model: 'claude-x', max_tokens: 100, stream: true });
    expect(JSON.stringify(sent[0]!.body['system'])).toContain('Be French.');
    const messages = sent[0]!.body['messages'] as { role: string }[];
    expect(messages.map((message) => message.role)).toEqual(['user']);
  });

  it('lets the App override anthropic-version and baseURL', async () => {
    const { fetch, sent } = fakeFetch([events()]);
    const provider = createAnthropicProvider({ model: 'claude-x', maxTokens: 100, baseURL: 'http://proxy.test', headers: { 'anthropic-version': '2099-01-01' }, fetch });
    await new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'reply' });
    expect(sent[0]!.url).toBe('http://proxy.test/v1/messages');
    expect(sent[0]!.headers['anthropic-version']).toBe('2099-01-01');
  });

  it('fails a stream that ends without message_stop', async () => {
    const { fetch } = fakeFetch([events(false)]);
    const error = await caught(() => new ModelRunner({ provider: createAnthropicProvider({ model: 'claude-x', maxTokens: 100, fetch }) }).invoke({ input: 'hi', stageId: 'reply' }));
    expect(error.code).toBe('PROVIDER_FAILED');
  });

  it('marks a 529 overload and a 500 retryable, a 400 not', async () => {
    for (const [status, retryable] of [
      [500, true],
      [400, false],
    ] as const) {
      const { fetch } = fakeFetch([() => new Response('{"type":"error"}', { status })]);
      const error = await caught(() => new ModelRunner({ provider: createAnthropicProvider({ model: 'claude-x', maxTokens: 100, fetch }), retry: { attempts: 1 } }).invoke({ input: 'hi', stageId: 'reply' }));
      expect(error.details['retryable']).toBe(retryable);
      expect(error.details['status']).toBe(status);
    }
  });
});

describe('AI SDK adapter (SPEC §4)', () => {
  const usage = { inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
  function model(chunks: readonly unknown[]) {
    const calls: { tools?: unknown; prompt?: unknown }[] = [];
    return {
      calls,
      model: {
        specificationVersion: 'v3',
        provider: 'mock.chat',
        modelId: 'mock-1',
        supportedUrls: {},
        doGenerate: async () => Promise.reject(new Error('not used')),
        doStream: async (options: { tools?: unknown; prompt?: unknown }) => {
          calls.push(options);
          return { stream: new ReadableStream({ start(controller) { for (const chunk of chunks) controller.enqueue(chunk); controller.close(); } }) };
        },
      },
    };
  }

  it('maps a streamed tool call to the same chunks, tool ids as tool names', async () => {
    const { model: languageModel, calls } = model([
      { type: 'stream-start', warnings: [] },
      { type: 'tool-input-start', id: 'tc1', toolName: 'search_docs' },
      { type: 'tool-input-delta', id: 'tc1', delta: '{"q":' },
      { type: 'tool-input-delta', id: 'tc1', delta: '"cats"}' },
      { type: 'tool-input-end', id: 'tc1' },
      { type: 'tool-call', toolCallId: 'tc1', toolName: 'search_docs', input: '{"q":"cats"}' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
    ]);
    const result = await new ModelRunner({ provider: fromAiSdkModel(languageModel as never) }).invoke({ input: 'hi', stageId: 'plan', tools: [search] });
    expect(result.value).toEqual([{ callId: 'tc1', toolId: 'search_docs', args: { q: 'cats' } }]);
    expect(result.usage).toEqual({ inputTokens: 3, outputTokens: 1 });
    expect((calls[0]!.tools as { name: string }[]).map((tool) => tool.name)).toEqual(['search_docs']);
  });

  it('fails a stream that ends without a finish part', async () => {
    const { model: languageModel } = model([{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Hi' }, { type: 'text-end', id: 't' }]);
    expect((await caught(() => new ModelRunner({ provider: fromAiSdkModel(languageModel as never) }).invoke({ input: 'hi', stageId: 'reply' }))).code).toBe('PROVIDER_FAILED');
  });
});
