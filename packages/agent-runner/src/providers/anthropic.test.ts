import { describe, expect, it } from 'vitest';
import { ModelRunner } from '../index.js';
import { ANTHROPIC_VERSION, createAnthropicProvider } from './anthropic.js';
import { anthropicBody, messageEnd, messageStart, textBlock, type AnthropicEvent } from './testing/anthropic-events.js';
import { callChunks, finishChunk, textChunks } from './testing/chunk-builders.js';
import { collectStream } from './testing/collect-stream.js';
import { expectNoSecret } from './testing/expect-no-secret.js';
import { useReplayServer } from './testing/use-replay-server.js';

const KEY = 'sk-ant-api03-test-91be2f';
const hello = { stageId: 'reply', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };

const server = useReplayServer();

const provider = (options: Partial<Parameters<typeof createAnthropicProvider>[0]> = {}) =>
  createAnthropicProvider({ baseURL: server.url, model: 'claude-test', maxTokens: 256, apiKey: KEY, ...options });

const serve = (...events: readonly AnthropicEvent[]) => {
  server.enqueue({ pieces: [anthropicBody(...events)] });
};
const done = () => {
  serve(messageStart(), ...textBlock(0, 'ok'), ...messageEnd('end_turn'));
};

describe('createAnthropicProvider', () => {
  it('posts to https://api.anthropic.com/v1/messages by default with x-api-key and anthropic-version', async () => {
    const seen: { url: string; headers: Headers }[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      seen.push({ url: input instanceof Request ? input.url : input.toString(), headers: new Headers(init?.headers) });
      const body = anthropicBody(messageStart(), ...messageEnd('end_turn'));
      return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    };
    const { error } = await collectStream(createAnthropicProvider({ model: 'm', maxTokens: 10, apiKey: KEY, fetch }), hello);
    expect(error).toBeUndefined();
    expect(seen[0]?.url).toBe('https://api.anthropic.com/v1/messages');
    expect(seen[0]?.headers.get('x-api-key')).toBe(KEY);
    expect(seen[0]?.headers.get('anthropic-version')).toBe(ANTHROPIC_VERSION);
    expect(ANTHROPIC_VERSION).toBe('2023-06-01');
  });

  it('lets the App override anthropic-version and add headers', async () => {
    done();
    await collectStream(provider({ headers: { 'anthropic-version': '2099-01-01', 'anthropic-beta': 'tools-2024-05-16' } }), hello);
    expect(server.requests[0]?.headers['anthropic-version']).toBe('2099-01-01');
    expect(server.requests[0]?.headers['anthropic-beta']).toBe('tools-2024-05-16');
  });

  it('sends no x-api-key without a key, and max_tokens, no system and no tools for a plain stage', async () => {
    done();
    await collectStream(provider({ apiKey: undefined }), hello);
    expect(server.requests[0]?.headers['x-api-key']).toBeUndefined();
    expect(server.requests[0]?.body).toEqual({
      model: 'claude-test',
      max_tokens: 256,
      stream: true,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    });
  });

  it('names the limits and the value of a bad maxTokens', () => {
    expect(() => provider({ maxTokens: 1.5 })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: 'createAnthropicProvider options: maxTokens must be an integer from 1 to 9007199254740991 (got 1.5)',
        details: expect.objectContaining({ field: 'maxTokens', rule: 'type', expected: 'an integer from 1 to 9007199254740991', actual: 1.5 }),
      }),
    );
    expect(() => provider({ maxTokens: 0 })).toThrow(
      expect.objectContaining({ details: expect.objectContaining({ field: 'maxTokens', rule: 'range', limit: 1, actual: 0 }) }),
    );
  });

  it.each([
    [{ apiKey: 'sk-ant-crlf\r\nX-Evil: 1' }, 'apiKey'],
    [{ apiKey: 'sk-ant-wide\u2028' }, 'apiKey'],
    [{ body: { metadata: { user_id: 7n } } }, 'body.metadata.user_id'],
    [{ body: { thinking: () => 'on' } }, 'body.thinking'],
    [{ headers: new Headers({ 'anthropic-beta': 'x' }) }, 'headers'],
    [{ maxTokens: 0 }, 'maxTokens'],
  ])('refuses %o with CONFIG_INVALID naming %s, never echoing the key', (options, field) => {
    const error: unknown = (() => {
      try {
        return provider(options as never);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toMatchObject({ code: 'CONFIG_INVALID', details: { field } });
    expectNoSecret(error, 'sk-ant-');
  });

  describe('fineGrainedToolStreaming', () => {
    const withTool = { ...hello, tools: [{ id: 'make_file', description: 'Write a file', parameters: { type: 'object', properties: { filename: { type: 'string' } } } }] };
    const sentTools = () => (server.requests[0]?.body as { tools?: unknown }).tools;

    it('sends each tool with eager_input_streaming: true, so the API streams its input in many small pieces', async () => {
      done();
      await collectStream(provider({ fineGrainedToolStreaming: true }), withTool);
      expect(sentTools()).toEqual([
        { name: 'make_file', description: 'Write a file', input_schema: withTool.tools[0]?.parameters, eager_input_streaming: true },
      ]);
    });

    it('is off by default: tools go out as the Messages API has them, with no beta header', async () => {
      done();
      await collectStream(provider(), withTool);
      expect(sentTools()).toEqual([{ name: 'make_file', description: 'Write a file', input_schema: withTool.tools[0]?.parameters }]);
      expect(server.requests[0]?.headers['anthropic-beta']).toBeUndefined();
    });

    it('passes every small piece of a fine-grained stream on as its own chunk', async () => {
      const pieces = ['{"filena', 'me": "po', 'em.txt"', ', "lines', '_of_text"', ': ["Ros', 'es"]}'];
      serve(
        messageStart(),
        { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'make_file', input: {} } },
        ...pieces.map((partial_json) => ({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json } })),
        { type: 'content_block_stop', index: 0 },
        ...messageEnd('tool_use'),
      );
      const { chunks } = await collectStream(provider({ fineGrainedToolStreaming: true }), withTool);
      expect(chunks).toEqual([...callChunks('toolu_1', 'make_file', ...pieces), finishChunk('tool-calls', { inputTokens: 5, outputTokens: 2 })]);
    });

    it('must be a boolean', () => {
      expect(() => provider({ fineGrainedToolStreaming: 'yes' as never })).toThrow(
        expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field: 'fineGrainedToolStreaming', rule: 'type' }) }) as Error,
      );
    });
  });

  it('merges the extra body over the defaults but never over messages, system, tools or stream', async () => {
    done();
    const body = { temperature: 0.3, max_tokens: 99, system: 'ignored', messages: [], tools: [], stream: false };
    await collectStream(provider({ body }), { ...hello, messages: [{ role: 'system', content: 'Be brief.' }, ...hello.messages] });
    expect(server.requests[0]?.body).toEqual({
      model: 'claude-test',
      max_tokens: 99,
      temperature: 0.3,
      stream: true,
      system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    });
  });

  it('moves every system message to the top-level system, and merges consecutive messages of one role', async () => {
    done();
    await collectStream(provider(), {
      ...hello,
      messages: [
        { role: 'system', content: 'Rule one.' },
        { role: 'user', content: 'First.' },
        { role: 'user', content: '' },
        { role: 'system', content: 'Rule two.' },
        { role: 'user', content: 'Second.' },
        { role: 'assistant', content: '' },
        { role: 'assistant', content: 'Answer.' },
      ],
    });
    expect(server.requests[0]?.body).toMatchObject({
      system: 'Rule one.\n\nRule two.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'First.' }, { type: 'text', text: 'Second.' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Answer.' }] },
      ],
    });
  });

  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['tool_use', 'tool-calls'],
    ['max_tokens', 'length'],
    ['model_context_window_exceeded', 'length'],
    ['refusal', 'content-filter'],
    ['pause_turn', 'other'],
  ])('maps stop_reason %s to %s', async (wire, reason) => {
    serve(messageStart({ input_tokens: 7 }), ...messageEnd(wire, { output_tokens: 3 }));
    const { chunks } = await collectStream(provider(), hello);
    expect(chunks).toEqual([finishChunk(reason as never, { inputTokens: 7, outputTokens: 3 })]);
  });

  it('refuses a request with nothing to send but system text with INPUT_INVALID, without calling the server', async () => {
    const calls: unknown[] = [];
    const fetch: typeof globalThis.fetch = (input) => {
      calls.push(input);
      return Promise.reject(new Error('not called'));
    };
    const request = { stageId: 'reply', messages: [{ role: 'system' as const, content: 'Be brief.' }, { role: 'user' as const, content: '' }], tools: [] };
    const { error } = await collectStream(createAnthropicProvider({ model: 'm', maxTokens: 8, fetch }), request);
    expect(error).toMatchObject({ code: 'INPUT_INVALID', details: { field: 'request.messages', rule: 'content' } });
    expect((error as Error).message).toMatch(/^anthropic provider: request\.messages has no user or assistant content to send/);
    expect(calls).toEqual([]);
  });

  it('counts cache reads and writes as input tokens, and takes later usage from message_delta', async () => {
    serve(
      messageStart({ input_tokens: 10, cache_creation_input_tokens: 100, cache_read_input_tokens: 1000, output_tokens: 1 }),
      ...messageEnd('end_turn', { input_tokens: 12, output_tokens: 9 }),
    );
    const { chunks } = await collectStream(provider(), hello);
    expect(chunks).toEqual([finishChunk('stop', { inputTokens: 12, outputTokens: 9 })]);
  });

  it('drops a usage count that is not a non-negative safe integer, keeping the reply', async () => {
    serve(
      messageStart({ input_tokens: 10, cache_creation_input_tokens: -3, cache_read_input_tokens: 0.5, output_tokens: 1 }),
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'answer' } },
      { type: 'content_block_stop', index: 0 },
      ...messageEnd('end_turn', { output_tokens: 2.5 }),
    );
    const { chunks, error } = await collectStream(provider(), hello);
    expect(error).toBeUndefined();
    expect(chunks).toEqual([...textChunks('answer'), finishChunk('stop', { inputTokens: 10, outputTokens: 1 })]);
  });

  it('sends a tool input given whole in content_block_start when no delta follows', async () => {
    serve(
      messageStart(),
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { q: 'x' } } },
      { type: 'content_block_stop', index: 0 },
      ...messageEnd('tool_use'),
    );
    const { chunks } = await collectStream(provider(), hello);
    expect(chunks).toEqual([...callChunks('toolu_1', 'lookup', '{"q":"x"}'), finishChunk('tool-calls', { inputTokens: 5, outputTokens: 2 })]);
  });

  describe('an overloaded_error event after HTTP 200, before the first delta', () => {
    const overloaded = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    const toolStart = { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} } };
    const tools = [{ id: 'lookup', description: 'Look up', parameters: { type: 'object', properties: { q: { type: 'string' } } } as never }];

    it.each([
      ['after message_start', [messageStart()]],
      ['after a text block started', [messageStart(), { type: 'ping' }, { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }]],
      ['after a tool_use block started', [messageStart(), toolStart]],
    ])('%s yields nothing and is retryable, like a 529', async (_label, before) => {
      serve(...before, overloaded);
      const { chunks, error } = await collectStream(provider(), hello);
      expect(chunks).toEqual([]);
      expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: true, errorType: 'overloaded_error' } });
    });

    it('is retried by the runner in a tool stage, and the retry\'s call is proposed', async () => {
      serve(messageStart(), toolStart, overloaded);
      serve(
        messageStart(),
        { ...toolStart, content_block: { ...toolStart.content_block, id: 'toolu_2' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"q":"x"}' } },
        { type: 'content_block_stop', index: 0 },
        ...messageEnd('tool_use'),
      );
      const result = await new ModelRunner({ provider: provider(), retry: { baseDelayMs: 1 } }).invoke({ input: 'hi', stageId: 'plan', tools });
      expect(server.requests).toHaveLength(2);
      expect(result.value).toEqual([{ callId: 'toolu_2', toolId: 'lookup', args: { q: 'x' } }]);
    });
  });

  it('announces a tool call whose block never stopped at message_stop, so no call is lost', async () => {
    serve(messageStart(), { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} } }, ...messageEnd('tool_use'));
    const { chunks } = await collectStream(provider(), hello);
    expect(chunks).toEqual([...callChunks('toolu_1', 'lookup', ''), finishChunk('tool-calls', { inputTokens: 5, outputTokens: 2 })]);
  });

  it('ignores thinking blocks, server tools, unknown events and unknown deltas', async () => {
    serve(
      messageStart(),
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'hmm' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'server_tool_use', id: 'srv_1', name: 'web_search', input: {} } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"query":"x"}' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'future_event', payload: 1 },
      { type: 'content_block_start', index: 2, content_block: { type: 'text', text: 'Already ' } },
      { type: 'content_block_delta', index: 2, delta: { type: 'citations_delta', citation: {} } },
      { type: 'content_block_delta', index: 2, delta: { type: 'text_delta', text: 'here.' } },
      { type: 'content_block_stop', index: 2 },
      ...messageEnd('end_turn'),
    );
    const { chunks, error } = await collectStream(provider(), hello);
    expect(error).toBeUndefined();
    expect(chunks).toEqual([...textChunks('Already ', 'here.'), finishChunk('stop', { inputTokens: 5, outputTokens: 2 })]);
  });

  it.each([
    ['overloaded_error', true],
    ['api_error', true],
    ['rate_limit_error', true],
    ['invalid_request_error', false],
    ['authentication_error', false],
  ])('marks an %s error event retryable: %s', async (type, retryable) => {
    serve(messageStart(), { type: 'error', error: { type, message: 'Something' } });
    const { error } = await collectStream(provider(), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable, errorType: type, providerId: 'anthropic' } });
    expect((error as Error).message).toBe('anthropic provider: the server sent an error event: Something');
  });

  it('treats HTTP 529 overloaded as retryable, naming the error type', async () => {
    const body = JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    server.enqueue({ status: 529, headers: { 'content-type': 'application/json' }, pieces: [body] });
    const { error } = await collectStream(provider(), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { status: 529, retryable: true, errorType: 'overloaded_error', bodyExcerpt: body } });
  });

  it('honours x-should-retry over the status, and reads retry-after as an HTTP date', async () => {
    const inOneMinute = new Date(Date.now() + 60_000).toUTCString();
    server.enqueue(
      { status: 503, headers: { 'x-should-retry': 'false' }, pieces: ['{}'] },
      { status: 400, headers: { 'x-should-retry': 'true', 'retry-after': inOneMinute }, pieces: ['{}'] },
    );
    const first = await collectStream(provider(), hello);
    const second = await collectStream(provider(), hello);
    expect(first.error).toMatchObject({ details: { status: 503, retryable: false } });
    expect(second.error).toMatchObject({ details: { status: 400, retryable: true } });
    const wait = (second.error as { details: { retryAfterMs: number } }).details.retryAfterMs;
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
  });

  it('never shows the key, even when the server echoes it', async () => {
    const body = JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${KEY}` } });
    server.enqueue({ status: 401, pieces: [body] });
    const { error } = await collectStream(provider(), hello);
    expectNoSecret(error, KEY);
    expect((error as Error).message).toBe('anthropic provider: HTTP 401 Unauthorized: invalid x-api-key [redacted]');
  });

  it('stops reading at message_stop', async () => {
    serve(messageStart(), ...textBlock(0, 'one'), ...messageEnd('end_turn'), messageStart(), ...textBlock(0, 'two'), ...messageEnd('end_turn'));
    const { chunks } = await collectStream(provider(), hello);
    expect(chunks).toEqual([...textChunks('one'), finishChunk('stop', { inputTokens: 5, outputTokens: 2 })]);
  });
});
