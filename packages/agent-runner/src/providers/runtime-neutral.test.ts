import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ModelProvider } from '@jangts/agent-types';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromAiSdkModel } from './ai-sdk.js';
import { createAnthropicProvider } from './anthropic.js';
import { createOpenAICompatibleProvider } from './openai-compatible.js';
import { createScriptedProvider } from './scripted.js';
import { anthropicBody, messageEnd, messageStart, textBlock } from './testing/anthropic-events.js';
import { chatChunk, sseBody } from './testing/sse-body.js';

/** The part of esbuild's API used here (esbuild comes with tsx, a dev dependency). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ readonly outputFiles: readonly { readonly text: string }[]; readonly errors: readonly unknown[] }>;
}
const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild') as Esbuild;

const hello = { stageId: 's', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };
const answering = (body: string): typeof globalThis.fetch => () => Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));

const PROVIDERS: readonly [string, () => ModelProvider][] = [
  ['openai-compatible', () => createOpenAICompatibleProvider({ baseURL: 'http://x.test/v1', model: 'm', fetch: answering(sseBody(chatChunk({ content: 'ok' }), chatChunk({}, 'stop'), '[DONE]')) })],
  ['anthropic', () => createAnthropicProvider({ model: 'm', maxTokens: 8, fetch: answering(anthropicBody(messageStart(), ...textBlock(0, 'ok'), ...messageEnd('end_turn'))) })],
  [
    'ai-sdk',
    () =>
      fromAiSdkModel(
        new MockLanguageModelV4({
          doStream: () =>
            Promise.resolve({
              stream: new ReadableStream({
                start(controller) {
                  controller.enqueue({ type: 'text-delta', id: 't', delta: 'ok' });
                  controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } } });
                  controller.close();
                },
              }),
            }),
        }),
      ),
  ],
  ['scripted', () => createScriptedProvider(['ok'])],
];

describe('providers in a runtime without AbortSignal.any (edge-runtime, older browsers)', () => {
  const any = Object.getOwnPropertyDescriptor(AbortSignal, 'any');
  beforeEach(() => {
    Reflect.deleteProperty(AbortSignal, 'any');
  });
  afterEach(() => {
    if (any !== undefined) Object.defineProperty(AbortSignal, 'any', any);
  });

  it.each(PROVIDERS)('%s streams with the caller signal, and stops when it aborts', async (_name, create) => {
    expect('any' in AbortSignal).toBe(false);
    const chunks: unknown[] = [];
    for await (const chunk of create().stream(hello, { signal: new AbortController().signal })) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(0);
    const controller = new AbortController();
    controller.abort();
    const aborted: unknown[] = [];
    const failure = await (async () => {
      for await (const chunk of create().stream(hello, { signal: controller.signal })) aborted.push(chunk);
    })().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(aborted).toEqual([]);
    if (failure !== undefined) expect(failure).toMatchObject({ code: 'ABORTED' });
  });
});

describe('provider subpaths bundled for a neutral platform (no Node built-ins)', () => {
  it.each(['scripted', 'openai-compatible', 'anthropic', 'ai-sdk'])('%s bundles with no Node built-in, process or Buffer', async (subpath) => {
    const result = await esbuild.build({
      entryPoints: [fileURLToPath(new URL(`./${subpath}.ts`, import.meta.url))],
      bundle: true,
      write: false,
      platform: 'neutral',
      format: 'esm',
      conditions: ['@jangts/source', 'import'],
      mainFields: ['module', 'main'],
      // Only types come from the AI SDK.
      external: ['@ai-sdk/provider'],
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const text = result.outputFiles.map((file) => file.text).join('\n');
    expect(text).not.toMatch(/\bfrom\s*["']node:|\brequire\(|\bimport\(["']node:/);
    expect(text).not.toMatch(/\bprocess\.|\bBuffer\b|AbortSignal\.any/);
  });
});
