import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../anthropic.js';
import { createOpenAICompatibleProvider } from '../openai-compatible.js';
import { collectStream } from '../testing/collect-stream.js';
import { startReplayServer, type ReplayServer } from '../testing/replay-server.js';
import { chatChunk, sseBody } from '../testing/sse-body.js';
import { useReplayServer } from '../testing/use-replay-server.js';

// Redirects, through both HTTP providers: credentials never go to another origin.

const KEY = 'sk-redirect-8f2c1a';
const hello = { stageId: 'reply', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };
const reply = sseBody(chatChunk({ content: 'ok' }), chatChunk({}, 'stop'), '[DONE]');

const server = useReplayServer();
/** A second loopback server: another port is another origin. */
let other: ReplayServer;
beforeAll(async () => {
  other = await startReplayServer();
});
afterAll(() => other.close());

const openAI = (options: Partial<Parameters<typeof createOpenAICompatibleProvider>[0]> = {}) =>
  createOpenAICompatibleProvider({ baseURL: `${server.url}/v1`, model: 'm', apiKey: KEY, headers: { 'x-custom-token': 'custom-credential-55' }, ...options });
const anthropic = () => createAnthropicProvider({ baseURL: server.url, model: 'm', maxTokens: 16, apiKey: KEY, headers: { 'x-custom-token': 'custom-credential-55' } });

describe('postJson redirects', () => {
  it.each([
    ['openai-compatible', openAI],
    ['anthropic', anthropic],
  ])('%s: refuses a redirect to another origin and sends it nothing, the key and the custom headers included', async (_, provider) => {
    other.reset();
    other.enqueue({ pieces: [reply] });
    for (const status of [307, 308, 302]) {
      server.enqueue({ status, headers: { location: `${other.url}/steal?from=api` } });
      const { error } = await collectStream(provider(), hello);
      expect(error).toMatchObject({
        code: 'PROVIDER_FAILED',
        details: { retryable: false, status, endpointOrigin: server.url, redirectOrigin: other.url },
      });
      expect((error as Error).message).toContain(`redirect from ${server.url} to ${other.url}`);
      expect((error as Error).message).not.toContain('steal');
    }
    expect(other.requests).toEqual([]);
  });

  it('follows a 307 and a 308 to the same origin with the same method, headers and body', async () => {
    server.enqueue({ status: 307, headers: { location: '/v2/chat/completions' } }, { status: 308, headers: { location: `${server.url}/v3/chat/completions` } }, { pieces: [reply] });
    const { chunks, error } = await collectStream(openAI(), hello);
    expect(error).toBeUndefined();
    expect(chunks[0]).toEqual({ type: 'text', text: 'ok' });
    expect(server.requests.map((request) => [request.method, request.path])).toEqual([
      ['POST', '/v1/chat/completions'],
      ['POST', '/v2/chat/completions'],
      ['POST', '/v3/chat/completions'],
    ]);
    for (const request of server.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request.headers['x-custom-token']).toBe('custom-credential-55');
      expect(request.body).toEqual(server.requests[0]?.body);
    }
  });

  it('refuses a same-origin 301, 302 or 303, which fetch would turn into a GET without the body', async () => {
    for (const status of [301, 302, 303]) {
      server.reset();
      server.enqueue({ status, headers: { location: '/v1/elsewhere?token=abc' } });
      const { error } = await collectStream(openAI(), hello);
      expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false, status } });
      expect((error as Error).message).toContain(`HTTP ${status} redirects to ${server.url}/v1/elsewhere?…: only 307 and 308 are followed`);
      expect(server.requests).toHaveLength(1);
    }
  });

  it('follows at most 5 redirects', async () => {
    for (let hop = 0; hop < 6; hop += 1) server.enqueue({ status: 307, headers: { location: `/v1/hop-${hop}` } });
    const { error } = await collectStream(openAI(), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', message: 'openai-compatible provider: more than 5 redirects', details: { retryable: false, limit: 5 } });
    expect(server.requests).toHaveLength(6);
  });

  it('refuses a redirect without a valid location', async () => {
    server.enqueue({ status: 307 });
    const { error } = await collectStream(openAI(), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', message: 'openai-compatible provider: HTTP 307 is a redirect without a valid location', details: { retryable: false } });
  });

  it("asks the App's fetch not to follow redirects, and refuses the redirect it answers with", async () => {
    const seen: (RequestInit | undefined)[] = [];
    const fetch: typeof globalThis.fetch = (_, init) => {
      seen.push(init);
      return Promise.resolve(new Response(null, { status: 307, headers: { location: 'https://attacker.example/v1/chat/completions' } }));
    };
    const { error } = await collectStream(openAI({ baseURL: 'https://api.example.invalid/v1', fetch }), hello);
    expect(seen.map((init) => init?.redirect)).toEqual(['manual']);
    expect(error).toMatchObject({
      code: 'PROVIDER_FAILED',
      details: { retryable: false, endpointOrigin: 'https://api.example.invalid', redirectOrigin: 'https://attacker.example' },
    });
  });

  it("refuses a browser's opaque redirect, whose target it cannot see", async () => {
    const opaque = { type: 'opaqueredirect', ok: false, status: 0, statusText: '', headers: new Headers(), body: null, redirected: false, url: '' };
    const fetch = (() => Promise.resolve(opaque)) as unknown as typeof globalThis.fetch;
    const { error } = await collectStream(openAI({ baseURL: 'https://api.example.invalid/v1', fetch }), hello);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false, endpointOrigin: 'https://api.example.invalid' } });
    expect((error as Error).message).toContain('opaque redirect');
  });
});
