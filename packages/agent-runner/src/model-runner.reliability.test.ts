import type { ModelProvider, OutputEvent, ProviderRequest } from '@jangts/agent-types';
import * as Type from 'typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModelRunner } from './index.js';

/*
 * Issue 21, the runner's part: nothing an App hands over can keep a call from settling, block
 * another call, be read twice, or make the door walk a huge value.
 */

/**
 * What `promise` came to within `turns` microtask turns, or `'pending'`: a deterministic "at
 * once" (no clock involved) for code paths that wait on no timer.
 */
async function within<TValue>(promise: Promise<TValue>, turns = 1_000): Promise<{ value: TValue } | { error: unknown } | 'pending'> {
  let settled: { value: TValue } | { error: unknown } | undefined;
  promise.then(
    (value) => (settled = { value }),
    (error: unknown) => (settled = { error }),
  );
  for (let turn = 0; turn < turns && settled === undefined; turn++) await Promise.resolve();
  return settled ?? 'pending';
}

function sparse(length: number): unknown[] {
  const list: unknown[] = [];
  list.length = length;
  return list;
}

const replying = (text: string): ModelProvider => ({
  async *stream() {
    yield text;
  },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ModelRunner: a sink write of a stopped call', () => {
  /** A sink shared by two calls: the `text-delta` of stage `a` never settles. */
  function stuckSink(): { sink: { write(event: OutputEvent): Promise<void> | undefined }; seen: string[]; stuck: Promise<void> } {
    const seen: string[] = [];
    let entered: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => (entered = resolve));
    return {
      seen,
      stuck,
      sink: {
        write(event) {
          seen.push(`${event.stageId}:${event.type}`);
          if (event.stageId === 'a' && event.type === 'text-delta') {
            entered();
            return new Promise<void>(() => undefined);
          }
          return undefined;
        },
      },
    };
  }

  it.each([
    ['aborted', (controller: AbortController) => ({ signal: controller.signal })],
    ['timed out', () => ({})],
  ])('is abandoned when the call is %s: a later call sharing the sink, from a fresh runner, is not held up', async (how, extra) => {
    const { sink, seen, stuck } = stuckSink();
    const controller = new AbortController();
    const first = new ModelRunner({ provider: replying('first'), sink: { output: sink }, ...(how === 'timed out' ? { timeoutMs: 5 } : {}) }).invoke({ input: 'x', stageId: 'a', ...extra(controller) });
    await stuck;
    if (how === 'aborted') controller.abort();
    await expect(first).rejects.toMatchObject({ code: how === 'aborted' ? 'ABORTED' : 'TIMEOUT' });
    const second = new ModelRunner({ provider: replying('second'), sink: { output: sink } }).invoke({ input: 'x', stageId: 'b' });
    expect(await within(second)).toMatchObject({ value: { value: 'second' } });
    expect(seen.filter((entry) => entry.startsWith('b:'))).toEqual(['b:stage-start', 'b:text-delta', 'b:stage-end']);
  });
});

describe('ModelRunner: signals', () => {
  const lookAlike = {
    aborted: false,
    reason: undefined,
    addEventListener: () => undefined,
    removeEventListener: () => {
      throw new TypeError('not a real signal');
    },
  };

  it.each([
    ['signal', { input: 'x', stageId: 's', signal: lookAlike }, 'signal'],
    ['context.signal', { input: 'x', stageId: 's', context: { app: {}, signal: lookAlike } }, 'context.signal'],
  ])('refuses an AbortSignal look-alike as %s at once, with INPUT_INVALID', async (_name, request, field) => {
    const outcome = await within(new ModelRunner({ provider: replying('ok') }).invoke(request as never));
    expect(outcome).toMatchObject({ error: { code: 'INPUT_INVALID', details: { field, rule: 'type', expected: 'an AbortSignal' } } });
  });
});

describe('ModelRunner: sizes are checked before any walk', () => {
  const huge = 2 ** 32 - 1;
  const claimsHugeLength = new Proxy([], {
    get: (target, key): unknown => (key === 'length' ? huge : ((Reflect.get(target, key) as unknown) ?? { role: 'user', content: 'x' })),
  });

  it.each<[string, unknown, string]>([
    ['a huge sparse message list', sparse(huge), 'input'],
    ['a proxy claiming a huge length as the message list', claimsHugeLength, 'input'],
    ['a huge sparse list inside earlier tool-call arguments', [{ role: 'assistant', content: '', toolCalls: [{ callId: 'c', toolId: 't', args: { list: sparse(huge) } }] }], 'input[0].toolCalls[0].args.list'],
    ['a huge sparse toolCalls list', [{ role: 'assistant', content: '', toolCalls: sparse(huge) }], 'input[0].toolCalls'],
    ['a huge sparse fragmentUsage of an assembled input', { messages: [{ role: 'user', content: 'q', fragmentIds: [] }], fragmentUsage: sparse(huge), inputChars: 1 }, 'input.fragmentUsage'],
    ['a huge sparse history', { context: { messages: [], fragmentUsage: [], inputChars: 0 }, history: sparse(huge) }, 'input.history'],
  ])('refuses %s at once (rule size)', async (_name, input, field) => {
    const outcome = await within(new ModelRunner({ provider: replying('ok') }).invoke({ input: input as never, stageId: 's' }), 10);
    expect(outcome).toMatchObject({ error: { code: 'INPUT_INVALID', details: { field, rule: 'size' } } });
  });

  it('refuses a huge sparse list inside tool parameters and tool lists at once', async () => {
    const runner = new ModelRunner({ provider: replying('ok') });
    const tools = [{ id: 't', description: '', parameters: { type: 'object', required: sparse(huge) } }];
    expect(await within(runner.invoke({ input: 'x', stageId: 's', tools: tools }), 10)).toMatchObject({ error: { code: 'INPUT_INVALID', details: { field: 'tools[0].parameters.required', rule: 'size' } } });
    expect(await within(runner.invoke({ input: 'x', stageId: 's', tools: sparse(huge) as never }), 10)).toMatchObject({ error: { code: 'INPUT_INVALID', details: { field: 'tools', rule: 'size' } } });
  });
});

describe('ModelRunner: every value read once', () => {
  /** An object whose `key` answers `first`, then `later` on every read after. */
  function flipping<TValue extends object>(base: TValue, key: string, first: unknown, later: unknown): TValue {
    let reads = 0;
    return Object.defineProperty({ ...base }, key, {
      enumerable: true,
      get() {
        reads += 1;
        return reads === 1 ? first : later;
      },
    });
  }

  const yielding = (chunks: readonly unknown[]): ModelProvider => ({
    async *stream() {
      for (const chunk of chunks) yield chunk as string;
    },
  });

  it('a text chunk: the text checked is the text kept and delivered', async () => {
    const events: OutputEvent[] = [];
    const runner = new ModelRunner({ provider: yielding([flipping({ type: 'text' }, 'text', 'hello', { not: 'a string' })]), sink: { output: { write: (event) => void events.push(event) } } });
    const result = await runner.invoke({ input: 'x', stageId: 's' });
    expect(result.text).toBe('hello');
    expect(events.find((event) => event.type === 'text-delta')).toEqual({ type: 'text-delta', stageId: 's', text: 'hello' });
  });

  it("a finish chunk: its reason and usage as checked, the usage a fresh object of numbers", async () => {
    const usage = flipping({ inputTokens: 3 }, 'outputTokens', 2, 10n);
    const finish = flipping(flipping({ type: 'finish' }, 'reason', 'stop', { weird: true }), 'usage', usage, 'not usage');
    const result = await new ModelRunner({ provider: yielding(['hi', finish]) }).invoke({ input: 'x', stageId: 's' });
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toStrictEqual({ inputTokens: 3, outputTokens: 2 });
  });

  it('a tool-call chunk: the arguments checked are the arguments kept', async () => {
    const tool = { id: 'reply', description: '', parameters: Type.Object({ text: Type.String() }) };
    const chunk = flipping({ type: 'tool-call', callId: 'c', toolId: 'reply' }, 'argsDelta', '{"text":"hi"}', 5);
    const result = await new ModelRunner({ provider: yielding([chunk]) }).invoke({ input: 'x', stageId: 's', tools: [tool] });
    expect(result.proposals).toEqual([{ callId: 'c', toolId: 'reply', args: { text: 'hi' } }]);
  });

  it('context.diagnostics: the span opened is in the trace that was checked', async () => {
    const diagnostics = flipping({ spanId: 'b'.repeat(16) }, 'traceId', 'a'.repeat(32), '../../x');
    const result = await new ModelRunner({ provider: replying('ok') }).invoke({ input: 'x', stageId: 's', context: { app: {}, signal: new AbortController().signal, diagnostics: diagnostics as never } });
    expect(result.diagnostics).toMatchObject({ traceId: 'a'.repeat(32), parentSpanId: 'b'.repeat(16) });
  });

  it('context.diagnostics whose getter throws after the check: the call runs on what was checked, no bare TypeError', async () => {
    let reads = 0;
    const diagnostics = Object.defineProperty({ spanId: 'b'.repeat(16) }, 'traceId', {
      enumerable: true,
      get() {
        reads += 1;
        if (reads > 1) throw new TypeError('read twice');
        return 'a'.repeat(32);
      },
    });
    const result = await new ModelRunner({ provider: replying('ok') }).invoke({ input: 'x', stageId: 's', context: { app: {}, signal: new AbortController().signal, diagnostics } as never });
    expect(result.diagnostics?.traceId).toBe('a'.repeat(32));
    expect(reads).toBe(1);
  });

  it('a message: the content checked is the content sent', async () => {
    const requests: ProviderRequest[] = [];
    const provider: ModelProvider = {
      async *stream(request) {
        requests.push(request);
        yield 'ok';
      },
    };
    await new ModelRunner({ provider }).invoke({ input: [flipping({ role: 'user' }, 'content', 'question', 42)] as never, stageId: 's' });
    expect(requests[0]?.messages).toEqual([{ role: 'user', content: 'question' }]);
  });

  it('a list with its own constructor property: the provider gets a plain frozen list', async () => {
    const requests: ProviderRequest[] = [];
    const provider: ModelProvider = {
      async *stream(request) {
        requests.push(request);
        yield 'ok';
      },
    };
    const input = Object.assign([{ role: 'user', content: 'q' }], { constructor: 'not Array', map: 'not a function' });
    await new ModelRunner({ provider }).invoke({ input: input as never, stageId: 's' });
    const sent = requests[0]?.messages as unknown[];
    expect(Object.getOwnPropertyNames(sent)).toEqual(['0', 'length']);
    expect(Object.isFrozen(sent)).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['context.diagnostics whose getter throws', { input: 'x', stageId: 's', context: Object.defineProperty({ app: {}, signal: new AbortController().signal }, 'diagnostics', { enumerable: true, get: () => { throw new TypeError('boom'); } }) }, 'context.diagnostics'],
    ['a revoked proxy as the context', { input: 'x', stageId: 's', context: (() => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; })() }, 'context'],
    ['a revoked proxy as the request', (() => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; })(), 'request'],
  ])('%s rejects with INPUT_INVALID, never a bare TypeError', async (_name, request, field) => {
    await expect(new ModelRunner({ provider: replying('ok') }).invoke(request as never)).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field, rule: 'readable' } });
  });
});

describe('ModelRunner: firstChunkTimeoutMs and idleTimeoutMs', () => {
  /** A provider whose try `n` waits `gaps[n][i]` ms (on the timers) before chunk `i`; `Infinity` never comes. */
  function paced(tries: readonly (readonly number[])[]): ModelProvider & { calls: number } {
    const provider = {
      calls: 0,
      async *stream(_request: ProviderRequest, { signal }: { signal: AbortSignal }) {
        const gaps = tries[provider.calls++] ?? [];
        for (const [index, gap] of gaps.entries()) {
          await new Promise<void>((resolve, reject) => {
            const timer = gap === Number.POSITIVE_INFINITY ? undefined : setTimeout(resolve, gap);
            signal.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(signal.reason as Error);
            });
          });
          yield String.fromCharCode(97 + index);
        }
      },
    };
    return provider;
  }

  it('retries a try whose first chunk does not come within firstChunkTimeoutMs, then succeeds', async () => {
    vi.useFakeTimers();
    const provider = paced([[Number.POSITIVE_INFINITY], [10, 10]]);
    const invocation = new ModelRunner({ provider, firstChunkTimeoutMs: 1_000, retry: { baseDelayMs: 0 } }).invoke({ input: 'x', stageId: 's' });
    await vi.advanceTimersByTimeAsync(999);
    expect(provider.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(101);
    await expect(invocation).resolves.toMatchObject({ value: 'ab' });
    expect(provider.calls).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with TIMEOUT naming firstChunkTimeoutMs when no try gets its first chunk in time', async () => {
    vi.useFakeTimers();
    const provider = paced([[Number.POSITIVE_INFINITY], [5_000]]);
    const outcome = new ModelRunner({ provider, firstChunkTimeoutMs: 1_000, retry: { attempts: 2, baseDelayMs: 0 } }).invoke({ input: 'x', stageId: 's' }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await outcome).toMatchObject({
      code: 'TIMEOUT',
      message: 'stage "s": no first chunk from the provider within firstChunkTimeoutMs (1000 ms)',
      details: { stageId: 's', timeout: 'firstChunkTimeoutMs', firstChunkTimeoutMs: 1_000, limit: 1_000 },
    });
    expect(provider.calls).toBe(2);
  });

  it('lets a first chunk that comes just in time through, however long the whole stream takes', async () => {
    vi.useFakeTimers();
    const provider = paced([[999, 900, 900, 900]]);
    const invocation = new ModelRunner({ provider, firstChunkTimeoutMs: 1_000, idleTimeoutMs: 901 }).invoke({ input: 'x', stageId: 's' });
    await vi.advanceTimersByTimeAsync(999 + 3 * 900);
    await expect(invocation).resolves.toMatchObject({ value: 'abcd' });
  });

  it('rejects with TIMEOUT naming idleTimeoutMs when a later chunk does not come in time, and closes the provider', async () => {
    vi.useFakeTimers();
    const provider = paced([[100, 400, 501, 10]]);
    const events: string[] = [];
    const outcome = new ModelRunner({ provider, idleTimeoutMs: 500, sink: { output: { write: (event) => void events.push(event.type === 'text-delta' ? event.text : event.type) } } })
      .invoke({ input: 'x', stageId: 's' })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100 + 400 + 500);
    expect(await outcome).toMatchObject({ code: 'TIMEOUT', details: { timeout: 'idleTimeoutMs', idleTimeoutMs: 500, limit: 500 } });
    expect(events).toEqual(['stage-start', 'a', 'b', 'stage-end']);
    expect(provider.calls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not count the time the sink takes as idle time', async () => {
    vi.useFakeTimers();
    const provider = paced([[10, 10, 10]]);
    const sink = { write: (event: OutputEvent) => (event.type === 'text-delta' ? new Promise<void>((resolve) => setTimeout(resolve, 1_000)) : undefined) };
    const invocation = new ModelRunner({ provider, idleTimeoutMs: 100, sink: { output: sink } }).invoke({ input: 'x', stageId: 's' });
    await vi.advanceTimersByTimeAsync(3 * 1_010);
    await expect(invocation).resolves.toMatchObject({ value: 'abc' });
  });

  it('refuses time limits that are not whole milliseconds from 1 to the timer limit', () => {
    for (const option of ['firstChunkTimeoutMs', 'idleTimeoutMs']) {
      expect(() => new ModelRunner({ provider: replying('ok'), [option]: 0 })).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field: option, rule: 'range', limit: 1 }) as object }));
      expect(() => new ModelRunner({ provider: replying('ok'), [option]: 1.5 })).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field: option, rule: 'type' }) as object }));
    }
  });
});
