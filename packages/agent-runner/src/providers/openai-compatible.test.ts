import { AgentCoreError } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { createOpenAICompatibleProvider } from './openai-compatible.js';
import { callChunks, finishChunk, textChunks } from './testing/chunk-builders.js';
import { collectStream } from './testing/collect-stream.js';
import { expectNoSecret } from './testing/expect-no-secret.js';
import { startReplayServer } from './testing/replay-server.js';
import { chatChunk, sseBody } from './testing/sse-body.js';
import { useReplayServer } from './testing/use-replay-server.js';

const KEY = 'sk-openai-test-7d41c0';
const hello = { stageId: 'reply', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };
const stopped = [chatChunk({}, 'stop'), '[DONE]'];

const server = useReplayServer();

const provider = (options: Partial<Parameters<typeof createOpenAICompatibleProvider>[0]> = {}) =>
  createOpenAICompatibleProvider({ baseURL: `${server.url}/v1/`, model: 'test-model', apiKey: KEY, ...options });

const serve = (...events: readonly unknown[]) => {
  server.enqueue({ pieces: [sseBody(...events)] });
};

describe('createOpenAICompatibleProvider', () => {
  it('posts to {baseURL}/chat/completions with stream, usage, bearer key and no tools for a plain-text stage', async () => {
    serve(chatChunk({ content: 'ok' }), ...stopped);
    await collectStream(provider(), hello);
    const [request] = server.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.headers.accept).toBe('text/event-stream');
    expect(request?.body).toEqual({
      model: 'test-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('keeps a reply whose finish_reason arrived when the connection is cut before the usage chunk and [DONE]', async () => {
    server.enqueue({ pieces: [sseBody(chatChunk({ content: 'hi' }), chatChunk({}, 'stop'))], then: 'reset' });
    expect(await collectStream(provider(), hello)).toEqual({ chunks: [...textChunks('hi'), finishChunk('stop')] });
  });

  it('fails a reply cut before its finish_reason as a retryable connection failure', async () => {
    server.enqueue({ pieces: [sseBody(chatChunk({ content: 'hi' }))], then: 'reset' });
    const { chunks, error } = await collectStream(provider(), hello);
    expect(chunks).toEqual(textChunks('hi'));
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: true } });
  });

  it('keeps a query of the base URL after the endpoint path (Azure OpenAI\'s api-version)', async () => {
    serve(...stopped);
    await collectStream(provider({ baseURL: `${server.url}/v1/?api-version=2024-10-21` }), hello);
    expect(server.requests[0]?.path).toBe('/v1/chat/completions?api-version=2024-10-21');
  });

  it.each([
    [{ baseURL: 'http://localhost/v1#frag' }, 'baseURL'],
    [{ apikey: 'sk-typo' }, 'apikey'],
    [{ apiKey: 'sk-secret-crlf\r\nX-Evil: 1' }, 'apiKey'],
    [{ apiKey: 'sk-secret-nul\u0000' }, 'apiKey'],
    [{ apiKey: 'sk-secret-wide\u0100' }, 'apiKey'],
    [{ body: { n: 1n } }, 'body.n'],
    [{ body: { temperature: 0.2, metadata: { check: () => true } } }, 'body.metadata.check'],
    [{ body: { stop: ['a', undefined] } }, 'body.stop[1]'],
    [{ body: { at: new Date(0) } }, 'body.at'],
    [{ body: { top_p: Number.NaN } }, 'body.top_p'],
    [{ headers: new Headers({ 'x-team': 'a' }) }, 'headers'],
    [{ headers: new Map([['x-team', 'a']]) }, 'headers'],
  ])('refuses %o with CONFIG_INVALID naming %s', (options, field) => {
    expect(() => provider(options as never)).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field }) }));
  });

  it('never echoes an API key it refuses', () => {
    const error: unknown = (() => {
      try {
        return provider({ apiKey: 'sk-refused-5e1\r\nX-Evil: 1' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toMatchObject({ code: 'CONFIG_INVALID', details: { field: 'apiKey' } });
    expectNoSecret(error, 'sk-refused-5e1');
  });

  it('sends the body as checked at creation, a top-level undefined removing the field', async () => {
    serve(...stopped);
    const body = { temperature: 0.2, stream_options: undefined, metadata: { tag: 'a' } };
    const created = provider({ body });
    body.metadata.tag = 'changed later';
    body.temperature = 0.9;
    await collectStream(created, hello);
    expect(server.requests[0]?.body).toEqual({
      model: 'test-model',
      temperature: 0.2,
      metadata: { tag: 'a' },
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('sends no authorization header without an API key', async () => {
    serve(...stopped);
    await collectStream(provider({ apiKey: undefined }), hello);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('streams when called directly without its options argument', async () => {
    serve(chatChunk({ content: 'ok' }), ...stopped);
    const stream = (provider().stream as (request: typeof hello) => AsyncIterable<unknown>)(hello);
    const chunks: unknown[] = [];
    for await (const item of stream) chunks.push(...(item as unknown[]));
    expect(chunks).toContainEqual({ type: 'text', text: 'ok' });
  });

  it('sends no authorization header for an empty API key (no key is given)', async () => {
    serve(...stopped);
    await collectStream(provider({ apiKey: '' }), hello);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('merges the extra body over the defaults but never over messages, tools or stream', async () => {
    serve(...stopped);
    const extra = {
      temperature: 0.2,
      model: 'other-model',
      stream_options: { include_usage: false },
      stream: false,
      messages: [],
      tools: [],
    };
    await collectStream(provider({ body: extra }), {
      ...hello,
      tools: [{ id: 'ping', description: 'Ping', parameters: { type: 'object' } }],
    });
    expect(server.requests[0]?.body).toEqual({
      model: 'other-model',
      temperature: 0.2,
      stream: true,
      stream_options: { include_usage: false },
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ type: 'function', function: { name: 'ping', description: 'Ping', parameters: { type: 'object' } } }],
    });
  });

  it('leaves tools out for a plain-text stage even when the extra body names some', async () => {
    serve(...stopped);
    await collectStream(provider({ body: { tools: [{ type: 'function' }] } }), hello);
    expect(server.requests[0]?.body).not.toHaveProperty('tools');
  });

  it('sends the App headers, overriding defaults of the same name', async () => {
    serve(...stopped);
    await collectStream(provider({ headers: { 'X-Title': 'agent-core', Authorization: 'Bearer other' } }), hello);
    expect(server.requests[0]?.headers['x-title']).toBe('agent-core');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer other');
  });

  it.each(['{"q":"x"}', 5, null, [1]])('refuses earlier tool-call arguments %j that are not an object, before any request', async (args) => {
    serve(...stopped);
    const { error } = await collectStream(provider(), {
      ...hello,
      messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: '', toolCalls: [{ callId: 'c1', toolId: 'ping', args }] }, { role: 'tool', callId: 'c1', content: 'pong' }],
    });
    expect(error).toMatchObject({ code: 'INPUT_INVALID', details: { field: 'request.messages[1].toolCalls[0].args' } });
    expect(server.requests).toEqual([]);
  });

  it('sends an assistant turn with tool calls and no text as content null', async () => {
    serve(...stopped);
    await collectStream(provider(), {
      ...hello,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: '', toolCalls: [{ callId: 'c1', toolId: 'ping', args: undefined }] },
        { role: 'tool', callId: 'c1', content: 'pong' },
      ],
    });
    expect((server.requests[0]?.body as { messages: unknown[] }).messages.slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'ping', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'pong' },
    ]);
  });

  it('keys tool calls by index, so interleaved calls keep their own arguments', async () => {
    serve(
      chatChunk({ tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'one', arguments: '' } }] }),
      chatChunk({ tool_calls: [{ index: 1, id: 'b', type: 'function', function: { name: 'two', arguments: '{"y"' } }] }),
      chatChunk({ tool_calls: [{ index: 0, function: { arguments: '{"x":1}' } }, { index: 1, function: { arguments: ':2}' } }] }),
      chatChunk({}, 'tool_calls'),
    );
    const { chunks, error } = await collectStream(provider(), hello);
    expect(error).toBeUndefined();
    expect(chunks).toEqual([
      ...callChunks('a', 'one', ''),
      ...callChunks('b', 'two', '{"y"'),
      ...callChunks('a', 'one', '{"x":1}'),
      ...callChunks('b', 'two', ':2}'),
      finishChunk('tool-calls'),
    ]);
  });

  it('keeps calls apart by id when the server sends no index (older Ollama, Gemini), continuing id-less deltas', async () => {
    serve(
      chatChunk({ tool_calls: [{ id: 'k1', type: 'function', function: { name: 'one', arguments: '{"a":' } }] }),
      chatChunk({ tool_calls: [{ function: { arguments: '1}' } }] }),
      chatChunk({ tool_calls: [{ id: 'k2', type: 'function', function: { name: 'two', arguments: '{"a":2}' } }] }),
      chatChunk({}, 'tool_calls'),
    );
    const { chunks, error } = await collectStream(provider(), hello);
    expect(error).toBeUndefined();
    expect(chunks).toEqual([...callChunks('k1', 'one', '{"a":', '1}'), ...callChunks('k2', 'two', '{"a":2}'), finishChunk('tool-calls')]);
  });

  it('synthesises stable call ids from the response id when the server sends none or empty ones', async () => {
    serve(
      chatChunk({ tool_calls: [{ index: 2, id: '', function: { name: 'one', arguments: '{' } }] }, null, 'chatcmpl-9'),
      chatChunk({ tool_calls: [{ index: 2, id: '', function: { arguments: '}' } }] }, null, 'chatcmpl-9'),
      chatChunk({ tool_calls: [{ index: 3, function: { name: 'two' } }] }, null, 'chatcmpl-9'),
      chatChunk({}, 'tool_calls', 'chatcmpl-9'),
    );
    const { chunks } = await collectStream(provider(), hello);
    expect(chunks).toEqual([
      ...callChunks('chatcmpl-9-call-2', 'one', '{', '}'),
      ...callChunks('chatcmpl-9-call-3', 'two', ''),
      finishChunk('tool-calls'),
    ]);
  });

  it('synthesises one random prefix per stream when the response has no id', async () => {
    serve(
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: 'one', arguments: '{' } }] } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '}' } }] }, finish_reason: 'tool_calls' }] },
    );
    const { chunks } = await collectStream(provider(), hello);
    const ids = new Set(chunks.flatMap((chunk) => (chunk.type === 'tool-call' ? [chunk.callId] : [])));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}-call-0$/);
  });

  it('holds argument pieces that arrive before the function name', async () => {
    serve(
      chatChunk({ tool_calls: [{ index: 0, id: 'a', function: { arguments: '{"x"' } }] }),
      chatChunk({ tool_calls: [{ index: 0, function: { name: 'late', arguments: ':1}' } }] }),
      chatChunk({}, 'tool_calls'),
    );
    const { chunks } = await collectStream(provider(), hello);
    expect(chunks).toEqual([...callChunks('a', 'late', '{"x":1}'), finishChunk('tool-calls')]);
  });

  it.each([
    ['an object', { city: 'Paris', days: [1, 2] }, '{"city":"Paris","days":[1,2]}'],
    ['an array', [1, 'two'], '[1,"two"]'],
    ['an empty object', {}, '{}'],
  ])('takes arguments sent as %s (not a string) as their JSON text', async (_label, value, text) => {
    const body = sseBody(
      chatChunk({ tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'weather', arguments: value } }] }),
      chatChunk({}, 'tool_calls'),
      '[DONE]',
    );
    const fetch: typeof globalThis.fetch = () => Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    const { chunks, error } = await collectStream(createOpenAICompatibleProvider({ baseURL: 'https://api.example.com/v1', model: 'm', fetch }), hello);
    expect(error).toBeUndefined();
    expect(chunks).toEqual([...callChunks('a', 'weather', text), finishChunk('tool-calls')]);
  });

  it('holds object arguments that arrive before the function name, as JSON text', async () => {
    const body = sseBody(
      chatChunk({ tool_calls: [{ index: 0, id: 'a', function: { arguments: { x: 1 } } }] }),
      chatChunk({ tool_calls: [{ index: 0, function: { name: 'late' } }] }),
      chatChunk({}, 'tool_calls'),
    );
    const fetch: typeof globalThis.fetch = () => Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    const { chunks } = await collectStream(createOpenAICompatibleProvider({ baseURL: 'https://api.example.com/v1', model: 'm', fetch }), hello);
    expect(chunks).toEqual([...callChunks('a', 'late', '{"x":1}'), finishChunk('tool-calls')]);
  });

  it('fails, not retryable, on object arguments nested too deeply to write back as JSON text', async () => {
    const depth = 1_000_000;
    const data = `{"id":"c","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"a","function":{"name":"deep","arguments":${'['.repeat(depth)}${']'.repeat(depth)}}}]},"finish_reason":null}]}`;
    const fetch: typeof globalThis.fetch = () => Promise.resolve(new Response(`data: ${data}\n\n`, { headers: { 'content-type': 'text/event-stream' } }));
    const { error } = await collectStream(createOpenAICompatibleProvider({ baseURL: 'https://api.example.com/v1', model: 'm', fetch }), hello);
    expect(AgentCoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false } });
    expect((error as Error).message).toContain('tool call a');
  });

  it.each([
    ['a number', 5],
    ['a boolean', true],
    ['null', null],
  ])('still ignores arguments sent as %s', async (_label, value) => {
    serve(chatChunk({ tool_calls: [{ index: 0, id: 'a', function: { name: 'one', arguments: value } }] }), chatChunk({}, 'tool_calls'));
    const { chunks } = await collectStream(provider(), hello);
    expect(chunks).toEqual([...callChunks('a', 'one', ''), finishChunk('tool-calls')]);
  });

  it('fails when a tool call never names its function', async () => {
    serve(chatChunk({ tool_calls: [{ index: 0, id: 'a', function: { arguments: '{}' } }] }), chatChunk({}, 'tool_calls'));
    const { error } = await collectStream(provider(), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false } });
    expect((error as Error).message).toContain('tool call a arrived without a function name');
  });

  it.each([
    ['stop', 'stop'],
    ['tool_calls', 'tool-calls'],
    ['function_call', 'tool-calls'],
    ['length', 'length'],
    ['content_filter', 'content-filter'],
    ['insufficient_system_resource', 'other'],
  ])('maps finish_reason %s to %s', async (wire, reason) => {
    serve(chatChunk({ content: 'x' }), chatChunk({}, wire), '[DONE]');
    const { chunks } = await collectStream(provider(), hello);
    expect(chunks.at(-1)).toEqual(finishChunk(reason as never));
  });

  it('reports a refusal as a content-filter finish without showing it as text', async () => {
    serve(chatChunk({ refusal: "I can't help with that." }), chatChunk({}, 'stop'), '[DONE]');
    const { chunks } = await collectStream(provider(), hello);
    expect(chunks).toEqual([finishChunk('content-filter')]);
  });

  it('emits one finish with the usage of a last chunk that has no choices, even without [DONE]', async () => {
    serve(chatChunk({ content: 'x' }), chatChunk({}, 'stop'), { id: 'chatcmpl-test', choices: [], usage: { prompt_tokens: 3, completion_tokens: 1 } });
    const { chunks, error } = await collectStream(provider(), hello);
    expect(error).toBeUndefined();
    expect(chunks).toEqual([...textChunks('x'), finishChunk('stop', { inputTokens: 3, outputTokens: 1 })]);
  });

  it.each([
    [{ prompt_tokens: 2.5, completion_tokens: 5 }, { outputTokens: 5 }],
    [{ prompt_tokens: -1, completion_tokens: 5 }, { outputTokens: 5 }],
    [{ prompt_tokens: 1e300, completion_tokens: '5' }, undefined],
    [{ prompt_tokens: 3, completion_tokens: null }, { inputTokens: 3 }],
  ])('keeps the reply and drops a usage count that is not a non-negative safe integer (%j)', async (usage, expected) => {
    serve(chatChunk({ content: 'answer' }), chatChunk({}, 'stop'), { id: 'chatcmpl-test', choices: [], usage }, '[DONE]');
    const { chunks, error } = await collectStream(provider(), hello);
    expect(error).toBeUndefined();
    expect(chunks).toEqual([...textChunks('answer'), finishChunk('stop', expected)]);
  });

  it('reads only choice 0', async () => {
    serve(
      { id: 'c', choices: [{ index: 1, delta: { content: 'other' }, finish_reason: null }, { index: 0, delta: { content: 'mine' }, finish_reason: null }] },
      ...stopped,
    );
    const { chunks } = await collectStream(provider(), hello);
    expect(chunks).toEqual([...textChunks('mine'), finishChunk('stop')]);
  });

  it('stops reading at [DONE]', async () => {
    serve(chatChunk({ content: 'x' }), ...stopped, chatChunk({ content: 'after' }));
    const { chunks } = await collectStream(provider(), hello);
    expect(chunks).toEqual([...textChunks('x'), finishChunk('stop')]);
  });

  it('turns an `event: error` with plain-text data into PROVIDER_FAILED', async () => {
    server.enqueue({ pieces: ['event: error\ndata: upstream exploded\n\n'] });
    const { error } = await collectStream(provider(), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false, bodyExcerpt: 'upstream exploded' } });
  });

  it('marks an in-stream error with a retryable numeric code as retryable', async () => {
    serve({ error: { code: 502, message: 'Provider returned error' } });
    const { error } = await collectStream(provider(), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: true } });
    expect((error as Error).message).toContain('Provider returned error');
  });

  it('rejects a 200 response that is not an event stream', async () => {
    server.enqueue({ headers: { 'content-type': 'application/json' }, pieces: ['{"object":"chat.completion","choices":[]}'] });
    const { error } = await collectStream(provider(), hello);
    expect(error).toMatchObject({
      code: 'PROVIDER_FAILED',
      details: { retryable: false, bodyExcerpt: '{"object":"chat.completion","choices":[]}' },
    });
  });

  it('reports a refused connection as a retryable network error without the key', async () => {
    const closed = await startReplayServer();
    const url = closed.url;
    await closed.close();
    const { error } = await collectStream(createOpenAICompatibleProvider({ baseURL: url, model: 'm', apiKey: KEY }), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: true, providerId: 'openai-compatible' } });
    expectNoSecret(error, KEY);
  });

  it('keeps credentials in the base URL out of a network error, even one whose message shows the URL', async () => {
    // node-fetch words a refused connection as `request to <url> failed, reason: …`; the provider passes its URL as a string.
    const fetch: typeof globalThis.fetch = (input) =>
      Promise.reject(Object.assign(new Error(`request to ${input as string} failed, reason: connect ECONNREFUSED`), { code: 'ECONNREFUSED' }));
    const baseURL = 'http://bot:hunter2-pw@127.0.0.1:9/v1?subscription-key=query-key-51';
    const { error } = await collectStream(createOpenAICompatibleProvider({ baseURL, model: 'm', apiKey: KEY, fetch }), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: true } });
    expect((error as Error).message).toContain('network error calling http://127.0.0.1:9/v1/chat/completions?…: request to http://[redacted]@');
    for (const secret of [KEY, 'hunter2-pw', 'query-key-51']) expectNoSecret(error, secret);
  });

  it("keeps a token given as the base URL's user name out of the error of Node's fetch, which refuses such a URL and quotes it", async () => {
    const baseURL = 'https://sk-live-abcdef123456@api.example.invalid/v1';
    const { error } = await collectStream(createOpenAICompatibleProvider({ baseURL, model: 'm' }), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false } });
    expectNoSecret(error, 'sk-live-abcdef123456');
  });

  it('redacts a query-string key that an error body echoes', async () => {
    server.enqueue({ status: 401, headers: { 'content-type': 'application/json' }, pieces: ['{"error":{"message":"bad key query-key-51"}}'] });
    const provider = createOpenAICompatibleProvider({ baseURL: `${server.url}/v1?key=query-key-51`, model: 'm' });
    const { error } = await collectStream(provider, hello);
    expectNoSecret(error, 'query-key-51');
    expect((error as Error).message).toBe('openai-compatible provider: HTTP 401 Unauthorized: bad key [redacted]');
  });

  it('redacts the bare value of a session cookie that an error body echoes, keeping other cookie values', async () => {
    server.enqueue({ status: 401, headers: { 'content-type': 'application/json' }, pieces: ['{"error":{"message":"session cookie-secret-83 expired (theme dark)"}}'] });
    const { error } = await collectStream(provider({ headers: { cookie: 'session=cookie-secret-83; theme=dark' } }), hello);
    expectNoSecret(error, 'cookie-secret-83');
    expect((error as Error).message).toBe('openai-compatible provider: HTTP 401 Unauthorized: session [redacted] expired (theme dark)');
  });

  it('redacts the key from an error body that echoes it, and bounds the excerpt', async () => {
    const body = JSON.stringify({ error: { message: `bad key ${KEY}`, type: 'invalid_request_error' }, padding: 'x'.repeat(5000) });
    server.enqueue({ status: 401, headers: { 'content-type': 'application/json' }, pieces: [body] });
    const { error } = await collectStream(provider(), hello);
    expectNoSecret(error, KEY);
    expect((error as Error).message).toBe('openai-compatible provider: HTTP 401 Unauthorized: bad key [redacted]');
    const excerpt = (error as AgentCoreError).details.bodyExcerpt as string;
    expect(excerpt.length).toBeLessThanOrEqual(1001);
    expect(excerpt.startsWith('{"error":{"message":"bad key [redacted]"')).toBe(true);
  });

  it.each<[string, unknown]>([
    ['undefined', undefined],
    ['an empty object', {}],
    ['an object whose body getter throws', { ok: true, status: 200, get body(): never { throw new Error('getter'); } }],
  ])('fails with PROVIDER_FAILED when the App fetch resolves to %s', async (_, answer) => {
    const fetch = (() => Promise.resolve(answer)) as unknown as typeof globalThis.fetch;
    const { error } = await collectStream(createOpenAICompatibleProvider({ baseURL: 'http://127.0.0.1:9/v1', model: 'm', fetch }), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false } });
    expect((error as Error).message).toContain('fetch did not resolve to a Response');
  });

  it('uses the injected fetch', async () => {
    const urls: string[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      urls.push(input instanceof Request ? input.url : input.toString());
      return globalThis.fetch(`${server.url}/v1/chat/completions`, init);
    };
    serve(...stopped);
    await collectStream(createOpenAICompatibleProvider({ baseURL: 'https://api.example.com/v1', model: 'm', fetch }), hello);
    expect(urls).toEqual(['https://api.example.com/v1/chat/completions']);
  });

  it('ends a pending read on abort even when the injected fetch ignores the signal', async () => {
    const fetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, { ...init, signal: null });
    server.enqueue({ pieces: [sseBody(chatChunk({ content: 'x' }))], then: 'hang' });
    const controller = new AbortController();
    const { chunks, error } = await (async () => {
      const collected: unknown[] = [];
      try {
        for await (const chunk of createOpenAICompatibleProvider({ baseURL: server.url, model: 'm', fetch }).stream(hello, {
          signal: controller.signal,
        })) {
          collected.push(chunk);
          controller.abort();
        }
        return { chunks: collected, error: undefined };
      } catch (caught) {
        return { chunks: collected, error: caught };
      }
    })();
    // One network read, one list of chunks.
    expect(chunks).toEqual([textChunks('x')]);
    expect(error).toMatchObject({ code: 'ABORTED' });
    expect(await server.requests[0]?.closed).toBe('by-client');
  });

  it('closes the request when the iterator is closed early', async () => {
    server.enqueue({ pieces: [sseBody(chatChunk({ content: 'x' }))], then: 'hang' });
    for await (const chunk of provider().stream(hello, { signal: new AbortController().signal })) {
      expect(chunk).toEqual(textChunks('x'));
      break;
    }
    expect(await server.requests[0]?.closed).toBe('by-client');
  });

  it('rejects arguments that cannot be serialised with INPUT_INVALID', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const { error } = await collectStream(provider(), {
      ...hello,
      messages: [{ role: 'assistant', content: '', toolCalls: [{ callId: 'c', toolId: 't', args: cyclic }] }],
    });
    expect(AgentCoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INPUT_INVALID' });
    expect(server.requests).toHaveLength(0);
  });
});
