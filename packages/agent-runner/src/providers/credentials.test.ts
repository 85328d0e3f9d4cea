import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APICallError } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import type { AgentCoreError } from '@jangts/agent-types';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLogStore } from '@jangts/agent-trace/file';
import { ModelRunner } from '../index.js';
import { fromAiSdkModel } from './ai-sdk.js';
import { createAnthropicProvider } from './anthropic.js';
import { createOpenAICompatibleProvider } from './openai-compatible.js';
import { anthropicBody, messageStart } from './testing/anthropic-events.js';
import { collectStream } from './testing/collect-stream.js';
import { expectNoSecret } from './testing/expect-no-secret.js';
import { chatChunk, sseBody } from './testing/sse-body.js';
import { useReplayServer } from './testing/use-replay-server.js';

// Every field a provider writes about a failure — message, details, stack, cause chain, and the
// log records made of them — is free of the credentials it was given.

const KEY = 'sk-live-4kQ9zV7pLm2x';
const hello = { stageId: 'reply', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };
const server = useReplayServer();

const openAI = (options: Partial<Parameters<typeof createOpenAICompatibleProvider>[0]> = {}) =>
  createOpenAICompatibleProvider({ baseURL: `${server.url}/v1`, model: 'm', apiKey: KEY, ...options });
const anthropic = (options: Partial<Parameters<typeof createAnthropicProvider>[0]> = {}) =>
  createAnthropicProvider({ baseURL: server.url, model: 'm', maxTokens: 16, apiKey: KEY, ...options });

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
});

describe('provider failures and credentials', () => {
  it('redacts a reason phrase quoting the bearer token from the message and from the JSONL log', async () => {
    server.enqueue({ status: 401, statusText: `Invalid key Bearer ${KEY}`, headers: { 'content-type': 'application/json' }, pieces: ['{}'] });
    const directory = await mkdtemp(join(tmpdir(), 'agent-credentials-'));
    directories.push(directory);
    const store = createFileLogStore({ directory });
    const logger = store.open('trace-1', 'reply');
    const error: unknown = await new ModelRunner({ provider: openAI() })
      .invoke({ input: 'hi', stageId: 'reply', context: { app: {}, signal: new AbortController().signal, logger } })
      .catch((reason: unknown) => reason);
    await store.close();
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', message: 'openai-compatible provider: HTTP 401 Invalid key [redacted]' });
    expectNoSecret(error, KEY);
    const log = await readFile(join(directory, 'trace-1.jsonl'), 'utf8');
    expect(log).toContain('HTTP 401 Invalid key [redacted]');
    expect(log).not.toContain(KEY);
  });

  it('redacts an error type or code that quotes the key, over HTTP and in the stream', async () => {
    server.enqueue(
      { status: 401, headers: { 'content-type': 'application/json' }, pieces: [JSON.stringify({ error: { message: 'no', code: `bad_key:${KEY}` } })] },
      { pieces: [sseBody({ error: { type: `bad_key:${KEY}`, message: 'no' } })] },
    );
    for (let call = 0; call < 2; call += 1) {
      const { error } = await collectStream(openAI(), hello);
      expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { errorType: 'bad_key:[redacted]' } });
      expectNoSecret(error, KEY);
    }
  });

  it("redacts the Anthropic body's error.type, over HTTP and in an error event", async () => {
    const errorBody = { type: 'error', error: { type: `bad_key:${KEY}`, message: 'invalid x-api-key' } };
    server.enqueue(
      { status: 401, headers: { 'content-type': 'application/json' }, pieces: [JSON.stringify(errorBody)] },
      { pieces: [anthropicBody(messageStart(), errorBody)] },
    );
    for (let call = 0; call < 2; call += 1) {
      const { error } = await collectStream(anthropic(), hello);
      expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { errorType: 'bad_key:[redacted]', retryable: false } });
      expectNoSecret(error, KEY);
    }
  });

  it("keeps the key out of a network error's cause chain, at any depth and in any field", async () => {
    let deep: Error = new Error(`connect to https://${KEY}@gw.example`);
    for (let level = 0; level < 6; level += 1) deep = new Error(`level ${level}`, { cause: deep });
    const thrown = [
      new TypeError('fetch failed', { cause: deep }),
      Object.assign(new TypeError('fetch failed'), { code: 'ECONNRESET', request: { headers: { authorization: `Bearer ${KEY}` } } }),
    ];
    for (const failure of thrown) {
      const fetch: typeof globalThis.fetch = () => Promise.reject(failure);
      const { error } = await collectStream(openAI({ fetch }), hello);
      expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: true } });
      expectNoSecret(error, KEY);
      expect((error as AgentCoreError).cause).toMatchObject({ name: 'TypeError', message: 'fetch failed' });
    }
  });

  it('keeps even a prefix of the key out of a long network error message, redacting it before the cut', async () => {
    const fetch: typeof globalThis.fetch = () => Promise.reject(new TypeError(`${'x'.repeat(990)}${KEY} fetch failed`));
    const { error } = await collectStream(openAI({ fetch }), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED' });
    expectNoSecret(error, KEY.slice(0, 10));
  });

  it('keeps even a prefix of the key out of the failure for malformed event data quoting it', async () => {
    server.enqueue({ pieces: [sseBody(chatChunk({ content: 'x' })).replace('data: {', `data: {"a":${KEY}, `)] });
    const { error } = await collectStream(openAI(), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', message: 'openai-compatible provider: malformed JSON in the event stream' });
    expectNoSecret(error, KEY.slice(0, 10));
  });

  it("redacts the credentials of an AI SDK model's call headers from what its failure reports", async () => {
    const model = new MockLanguageModelV4({
      doStream: () =>
        Promise.reject(
          new APICallError({
            message: `Incorrect API key provided: ${KEY}`,
            url: 'https://api.example/v1/responses',
            requestBodyValues: {},
            statusCode: 401,
            responseBody: JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}`, code: 'invalid_api_key' } }),
            isRetryable: false,
          }),
        ),
    });
    const { error } = await collectStream(fromAiSdkModel(model, { headers: { authorization: `Bearer ${KEY}` } }), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', message: 'ai-sdk provider: Incorrect API key provided: [redacted]', details: { status: 401 } });
    expectNoSecret(error, KEY);
  });
});
