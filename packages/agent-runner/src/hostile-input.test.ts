import { AgentCoreError, type InvokeRequest, type ModelProvider, type ProviderChunk } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { ModelRunner } from './model-runner.js';
import { createAnthropicProvider } from './providers/anthropic.js';
import { createOpenAICompatibleProvider } from './providers/openai-compatible.js';
import { createScriptedProvider } from './providers/scripted.js';
import { isRetryableStatus, retryAfterFromHeaders, createProviderError, readRetryHint } from './provider-failure.js';

/* Bad input that is not merely of the wrong type: throwing getters, proxies, deep nesting. */

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

function throwing<T extends object>(base: T, key: string): T {
  return Object.defineProperty({ ...base }, key, {
    enumerable: true,
    get() {
      throw new Error('getter failed');
    },
  });
}

const provider: ModelProvider = {
  async *stream() {
    yield 'ok';
  },
};
const signal = new AbortController().signal;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
}

describe('hostile input', () => {
  it.each<[string, () => unknown, string]>([
    ['provider', () => new ModelRunner(throwing({ provider }, 'provider')), 'provider'],
    ['provider.stream', () => new ModelRunner({ provider: throwing({ id: 'p' }, 'stream') as unknown as ModelProvider }), 'provider.stream'],
    ['provider.id', () => new ModelRunner({ provider: throwing(provider, 'id') }), 'provider.id'],
    ['retry.attempts', () => new ModelRunner({ provider, retry: throwing({}, 'attempts') }), 'retry.attempts'],
    ['sink.output', () => new ModelRunner({ provider, sink: throwing({}, 'output') }), 'sink.output'],
    ['a proxy as the options', () => new ModelRunner(new Proxy({ provider }, { ownKeys: () => { throw new Error('trap'); } })), 'options'],
  ])('new ModelRunner: a throwing %s is CONFIG_INVALID naming it', (_, run, field) => {
    const error = thrown(run);
    expect(AgentCoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'CONFIG_INVALID', details: { field, rule: 'readable' } });
  });

  it.each<[string, () => unknown, string]>([
    ['step field', () => createScriptedProvider([throwing({ text: 'x' }, 'text')]), 'steps[0].text'],
    ['steps list (proxy)', () => createScriptedProvider(new Proxy(['x'], { get: () => { throw new Error('trap'); } })), 'steps'],
    ['option', () => createScriptedProvider(['x'], throwing({}, 'id')), 'options.id'],
  ])('createScriptedProvider: a throwing %s is CONFIG_INVALID naming it', (_, run, field) => {
    expect(thrown(run)).toMatchObject({ code: 'CONFIG_INVALID', details: { field } });
  });

  it.each<[string, unknown, string]>([
    ['input', throwing({ stageId: 's' }, 'input'), 'input'],
    ['stageId', throwing({ input: 'x' }, 'stageId'), 'stageId'],
    ['tool id', { input: 'x', stageId: 's', tools: [throwing({ description: 'd', parameters: { type: 'object' } }, 'id')] }, 'tools[0].id'],
    ['context.signal', { input: 'x', stageId: 's', context: throwing({ app: {} }, 'signal') }, 'context.signal'],
    ['context.logger', { input: 'x', stageId: 's', context: throwing({ app: {}, signal }, 'logger') }, 'context.logger'],
  ])('invoke: a throwing %s is INPUT_INVALID naming it', async (_, request, field) => {
    const error = await rejection(new ModelRunner({ provider }).invoke(request as InvokeRequest));
    expect(error).toMatchObject({ code: 'INPUT_INVALID', details: { field, rule: 'readable' } });
  });

  it.each<[string, (revoked: object) => unknown, string]>([
    ['the input', (revoked) => revoked, 'input'],
    ['the history of a conversation', (revoked) => ({ context: { messages: [], fragmentUsage: [], inputChars: 0 }, history: revoked }), 'input.history'],
  ])('invoke: a revoked proxy as %s is INPUT_INVALID naming it', async (_, input, field) => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const error = await rejection(new ModelRunner({ provider }).invoke({ input: input(proxy), stageId: 's' } as unknown as InvokeRequest));
    expect(error).toMatchObject({ code: 'INPUT_INVALID', details: { field, rule: 'readable' } });
  });

  it('invoke: tool arguments nested too deeply to check are INPUT_INVALID naming the field', async () => {
    let args: Record<string, unknown> = {};
    const root = args;
    for (let depth = 0; depth < 200_000; depth++) {
      const next = {};
      args.a = next;
      args = next;
    }
    const request = { input: [{ role: 'assistant', content: '', toolCalls: [{ callId: 'c', toolId: 't', args: root }] }], stageId: 's' };
    const error = await rejection(new ModelRunner({ provider }).invoke(request as unknown as InvokeRequest));
    expect(error).toMatchObject({ code: 'INPUT_INVALID', message: expect.stringContaining('nested deeper than 1000 levels') as string });
    const { field } = (error as AgentCoreError).details;
    expect(field).toMatch(/^input\[0\]\.toolCalls\[0\]\.args\.a\.a.*…$/);
    expect((field as string).length).toBe(257);
  });

  it('a chunk whose reading throws is OUTPUT_INVALID, not a bare error', async () => {
    const chunky: ModelProvider = {
      async *stream() {
        yield Object.defineProperty({ type: 'text' }, 'text', {
          enumerable: true,
          get() {
            throw new Error('getter failed');
          },
        }) as unknown as ProviderChunk;
      },
    };
    const error = await rejection(new ModelRunner({ provider: chunky }).invoke({ input: 'x', stageId: 's' }));
    expect(error).toMatchObject({ code: 'OUTPUT_INVALID', message: 'stage "s" provider output: chunks[0] could not be read (reading it threw)', details: { field: 'chunks[0]', path: '/0', rule: 'readable' } });
  });

  it('a provider throwing a hostile proxy fails with details.retryable', async () => {
    const hostile: ModelProvider = {
      // eslint-disable-next-line require-yield -- fails before its first chunk
      async *stream() {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a hostile thrown value is the point
        throw new Proxy({}, { getPrototypeOf: () => { throw new Error('trap'); } });
      },
    };
    const error = await rejection(new ModelRunner({ provider: hostile, retry: { attempts: 1 } }).invoke({ input: 'x', stageId: 's' }));
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false } });
  });

  it.each<[string, () => unknown, string]>([
    ['a message that is not a string', () => createProviderError(Symbol('m') as unknown as string), 'message'],
    ['null options', () => createProviderError('m', null as never), 'options'],
    ['a string status', () => createProviderError('m', { status: '500' as unknown as number }), 'options.status'],
    ['a status out of range', () => createProviderError('m', { status: 1000 }), 'options.status'],
    ['a retryable that is not a boolean', () => createProviderError('m', { retryable: 'yes' as unknown as boolean }), 'options.retryable'],
    ['an unknown option', () => createProviderError('m', { statusCode: 500 } as never), 'options.statusCode'],
    ['details that are a list', () => createProviderError('m', { details: [] as never }), 'options.details'],
    ['headers without get', () => retryAfterFromHeaders(undefined as never), 'headers'],
    ['headers whose get throws', () => retryAfterFromHeaders({ get: () => { throw new Error('x'); } }), 'headers'],
    ['a now that is not a number', () => retryAfterFromHeaders(new Headers(), Number.NaN), 'now'],
  ])('retry helpers: %s is INPUT_INVALID naming it', (_, run, field) => {
    expect(thrown(run)).toMatchObject({ code: 'INPUT_INVALID', details: { field } });
  });

  it('isRetryableStatus is false for anything but an integer status', () => {
    expect([Symbol('s'), '503', 503.5, Number.NaN, null, undefined].map((status) => isRetryableStatus(status as number))).toEqual([false, false, false, false, false, false]);
  });
});

describe('hostile input to the providers', () => {
  const fetch = (): Promise<Response> => Promise.reject(new Error('no network in this test'));

  it.each<[string, () => unknown, string]>([
    ['no request', () => createOpenAICompatibleProvider({ baseURL: 'http://x.invalid/v1', model: 'm', fetch }).stream(undefined as never, { signal }), 'request'],
    ['a message that is not a message', () => createOpenAICompatibleProvider({ baseURL: 'http://x.invalid/v1', model: 'm', fetch }).stream({ stageId: 's', messages: [null as never], tools: [] }, { signal }), 'request.messages[0]'],
    ['tools that are not a list', () => createAnthropicProvider({ model: 'm', apiKey: 'k', maxTokens: 1024, fetch }).stream({ stageId: 's', messages: [], tools: 5 as never }, { signal }), 'request.tools'],
    ['options whose signal getter throws', () => createAnthropicProvider({ model: 'm', apiKey: 'k', maxTokens: 1024, fetch }).stream({ stageId: 's', messages: [], tools: [] }, throwing({}, 'signal') as never), 'options.signal'],
  ])('stream() refuses %s with INPUT_INVALID naming it', (_, run, field) => {
    expect(thrown(run)).toMatchObject({ code: 'INPUT_INVALID', details: { field } });
  });

  it.each<[string, () => unknown]>([
    ['a throwing baseURL getter', () => createOpenAICompatibleProvider(throwing({ model: 'm' }, 'baseURL') as never)],
    ['a revoked proxy', () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return createAnthropicProvider(proxy as never);
    }],
  ])('the HTTP factories refuse %s with CONFIG_INVALID', (_, run) => {
    expect(thrown(run)).toMatchObject({ code: 'CONFIG_INVALID' });
  });

  it('createScriptedProvider refuses a hole in its steps', () => {
    // eslint-disable-next-line no-sparse-arrays -- the hole is the bad input
    expect(thrown(() => createScriptedProvider([, 'b'] as never))).toMatchObject({ code: 'CONFIG_INVALID', details: { field: 'steps[0]' } });
  });

  it('readRetryHint never throws on a hostile error', () => {
    const hostile = new Proxy(new AgentCoreError('PROVIDER_FAILED', 'x'), { get: () => { throw new Error('trap'); } });
    expect(readRetryHint(hostile)).toEqual({ retryable: false });
  });
});

describe('createScriptedProvider with a huge sparse steps list', () => {
  it('refuses it by its size, at once, before reading any step', () => {
    const steps: string[] = [];
    steps.length = 2 ** 32 - 1;
    expect(thrown(() => createScriptedProvider(steps))).toMatchObject({ code: 'CONFIG_INVALID', details: { field: 'steps', rule: 'size' } });
  });
});
