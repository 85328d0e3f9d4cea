import { getEventListeners } from 'node:events';
import type { ModelMessage, ModelProvider, OutputEvent, ProviderRequest, ProviderStreamOptions } from '@jangts/agent-types';
import Type from 'typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModelRunner } from './model-runner.js';
import { createScriptedProvider } from './providers/scripted.js';
import { failure } from './testing/agent-core-rejection.js';
import { createProviderError } from './provider-failure.js';

/** Resolves when the signal aborts; never otherwise. */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => {
      reject(signal.reason as Error);
    });
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ModelRunner', () => {
  describe('abort', () => {
    it('rejects with ABORTED without calling the provider when the signal is already aborted', async () => {
      const provider = createScriptedProvider(['never']);
      const controller = new AbortController();
      controller.abort(new Error('user left'));
      const error = await failure(new ModelRunner({ provider }).invoke({ input: 'x', stageId: 's', signal: controller.signal }));
      expect(error.code).toBe('ABORTED');
      expect(error.cause).toEqual(new Error('user left'));
      expect(provider.requests).toHaveLength(0);
    });

    it('closes the provider at once mid-stream (its finally runs) and tells the sink before rejecting', async () => {
      const controller = new AbortController();
      const events: OutputEvent[] = [];
      let providerSignal: AbortSignal | undefined;
      let finallyRan = false;
      const provider: ModelProvider = {
        async *stream(_request, { signal }: ProviderStreamOptions) {
          providerSignal = signal;
          try {
            yield 'partial';
            await untilAborted(signal);
          } finally {
            finallyRan = true;
          }
        },
      };
      const sink = {
        write(event: OutputEvent) {
          events.push(event);
          if (event.type === 'text-delta') {
            queueMicrotask(() => {
              controller.abort();
            });
          }
        },
      };
      const error = await failure(new ModelRunner({ provider, sink: { output: sink } }).invoke({ input: 'x', stageId: 's', signal: controller.signal }));
      expect(error.code).toBe('ABORTED');
      expect(events.at(-1)).toEqual({ type: 'stage-end', stageId: 's', ok: false, code: 'ABORTED' });
      expect(providerSignal?.aborted).toBe(true);
      await vi.waitFor(() => {
        expect(finallyRan).toBe(true);
      });
    });

    it('runs the provider finally at once when aborted while the runner awaits an async sink', async () => {
      const controller = new AbortController();
      let finallyRan = false;
      let releaseSink: () => void = () => undefined;
      const provider: ModelProvider = {
        async *stream() {
          try {
            yield 'a';
            yield 'b';
          } finally {
            finallyRan = true;
          }
        },
      };
      const events: string[] = [];
      const sink = {
        write(event: OutputEvent) {
          events.push(event.type);
          if (event.type !== 'text-delta') return undefined;
          return new Promise<void>((resolve) => {
            releaseSink = resolve;
            controller.abort();
          });
        },
      };
      const error = await failure(new ModelRunner({ provider, sink: { output: sink } }).invoke({ input: 'x', stageId: 's', signal: controller.signal }));
      expect(error.code).toBe('ABORTED');
      expect(finallyRan).toBe(true);
      expect(events).toEqual(['stage-start', 'text-delta']);
      releaseSink();
      await vi.waitFor(() => {
        expect(events).toEqual(['stage-start', 'text-delta', 'stage-end']);
      });
    });

    it('rejects promptly even when the provider is stuck in a pending next() and ignores its signal', async () => {
      const controller = new AbortController();
      const provider: ModelProvider = {
        stream: () => ({
          [Symbol.asyncIterator]: () => ({
            next: () => new Promise<IteratorResult<string>>(() => undefined),
            return: () => new Promise<IteratorResult<string>>(() => undefined),
          }),
        }),
      };
      const invocation = new ModelRunner({ provider }).invoke({ input: 'x', stageId: 's', signal: controller.signal });
      await Promise.resolve();
      controller.abort();
      expect((await failure(invocation)).code).toBe('ABORTED');
    });

    it('rejects promptly when an async generator provider is stuck on a promise that ignores its signal', async () => {
      const controller = new AbortController();
      const provider: ModelProvider = {
        async *stream() {
          yield 'a';
          await new Promise(() => undefined);
        },
      };
      const events: string[] = [];
      const sink = {
        write(event: OutputEvent) {
          events.push(event.type);
          if (event.type === 'text-delta') setTimeout(() => {
            controller.abort();
          }, 0);
        },
      };
      const error = await failure(new ModelRunner({ provider, sink: { output: sink } }).invoke({ input: 'x', stageId: 's', signal: controller.signal }));
      expect(error.code).toBe('ABORTED');
      expect(events).toEqual(['stage-start', 'text-delta', 'stage-end']);
    });

    it('aborts through context.signal and removes its listeners from long-lived signals', async () => {
      const contextController = new AbortController();
      const requestController = new AbortController();
      const context = { app: {}, signal: contextController.signal };
      const runner = new ModelRunner({ provider: createScriptedProvider(['one', 'two']) });
      await runner.invoke({ input: 'x', stageId: 's', context, signal: requestController.signal });
      expect(getEventListeners(contextController.signal, 'abort')).toHaveLength(0);
      expect(getEventListeners(requestController.signal, 'abort')).toHaveLength(0);
      const stuck: ModelProvider = {
        async *stream(_request, { signal }) {
          yield* [];
          await untilAborted(signal);
        },
      };
      const invocation = new ModelRunner({ provider: stuck }).invoke({ input: 'x', stageId: 's', context });
      contextController.abort();
      expect((await failure(invocation)).code).toBe('ABORTED');
      expect(getEventListeners(contextController.signal, 'abort')).toHaveLength(0);
    });
  });

  describe('timeoutMs', () => {
    it('rejects a provider that never finishes with TIMEOUT and aborts its signal', async () => {
      let providerSignal: AbortSignal | undefined;
      const provider: ModelProvider = {
        async *stream(_request, { signal }) {
          providerSignal = signal;
          yield 'thinking';
          await untilAborted(signal);
        },
      };
      const error = await failure(new ModelRunner({ provider, timeoutMs: 10 }).invoke({ input: 'x', stageId: 's' }));
      expect(error.code).toBe('TIMEOUT');
      expect(error.details).toMatchObject({ timeoutMs: 10, stageId: 's' });
      expect(providerSignal?.reason).toBe(error);
    });

    it('times out a provider whose chunks all arrive as microtasks (timers get a turn every time slice)', async () => {
      // A replay or an endless generator never waits on I/O: before, the timeout timer could not
      // fire until the stream ended (here after 3 million chunks, resolving as if in time).
      let chunks = 0;
      const provider: ModelProvider = {
        async *stream() {
          for (; chunks < 3_000_000; chunks += 1) yield '';
        },
      };
      const error = await failure(new ModelRunner({ provider, timeoutMs: 20 }).invoke({ input: 'x', stageId: 's' }));
      expect(error.code).toBe('TIMEOUT');
      expect(chunks).toBeLessThan(3_000_000);
    });

    it("lets an App's abort timer stop a provider whose chunks all arrive as microtasks", async () => {
      let chunks = 0;
      const provider: ModelProvider = {
        async *stream() {
          for (; chunks < 3_000_000; chunks += 1) yield '';
        },
      };
      const controller = new AbortController();
      setTimeout(() => {
        controller.abort(new Error('user left'));
      }, 20);
      const error = await failure(new ModelRunner({ provider }).invoke({ input: 'x', stageId: 's', signal: controller.signal }));
      expect(error.code).toBe('ABORTED');
      expect(chunks).toBeLessThan(3_000_000);
    });

    it('lets timers run in a runtime whose clock stands still while code runs (workerd advances it only at I/O)', async () => {
      vi.spyOn(performance, 'now').mockReturnValue(0);
      try {
        let chunks = 0;
        const provider: ModelProvider = {
          async *stream() {
            for (; chunks < 3_000_000; chunks += 1) yield '';
          },
        };
        const controller = new AbortController();
        setTimeout(() => {
          controller.abort(new Error('user left'));
        }, 0);
        const error = await failure(new ModelRunner({ provider }).invoke({ input: 'x', stageId: 's', signal: controller.signal }));
        expect(error.code).toBe('ABORTED');
        expect(chunks).toBeLessThan(3_000_000);
      } finally {
        vi.restoreAllMocks();
      }
    });

    it('rejects with TIMEOUT when an async sink never settles', async () => {
      const provider = createScriptedProvider(['a']);
      const sink = { write: (event: OutputEvent) => (event.type === 'text-delta' ? new Promise<void>(() => undefined) : undefined) };
      const error = await failure(new ModelRunner({ provider, sink: { output: sink }, timeoutMs: 10 }).invoke({ input: 'x', stageId: 's' }));
      expect(error.code).toBe('TIMEOUT');
    });

    it('never loses a finished result when the closing sink write hangs past the timeout', async () => {
      const provider = createScriptedProvider(['done']);
      const sink = { write: (event: OutputEvent) => (event.type === 'stage-end' ? new Promise<void>(() => undefined) : undefined) };
      const result = await new ModelRunner({ provider, sink: { output: sink }, timeoutMs: 10 }).invoke({ input: 'x', stageId: 's' });
      expect(result.value).toBe('done');
    });

    it('leaves no timer behind after a call settles', async () => {
      vi.useFakeTimers();
      const runner = new ModelRunner({ provider: createScriptedProvider(['ok', { error: new Error('down') }]), timeoutMs: 60_000 });
      await runner.invoke({ input: 'x', stageId: 's' });
      expect(vi.getTimerCount()).toBe(0);
      await failure(runner.invoke({ input: 'x', stageId: 's' }));
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  describe('maxOutputChars', () => {
    it('accepts output of exactly maxOutputChars', async () => {
      const result = await new ModelRunner({ provider: createScriptedProvider([['ab', 'cd']]), maxOutputChars: 4 }).invoke({ input: 'x', stageId: 's' });
      expect(result.value).toBe('abcd');
    });

    it('rejects text over maxOutputChars with OUTPUT_LIMIT and closes the provider', async () => {
      let closed = false;
      const provider: ModelProvider = {
        async *stream() {
          try {
            for (;;) yield 'xx';
          } finally {
            closed = true;
          }
        },
      };
      const error = await failure(new ModelRunner({ provider, maxOutputChars: 5 }).invoke({ input: 'x', stageId: 's' }));
      expect(error.code).toBe('OUTPUT_LIMIT');
      expect(error.details).toMatchObject({ maxOutputChars: 5, actual: 6 });
      expect(closed).toBe(true);
    });

    it('counts tool argument characters toward maxOutputChars', async () => {
      const tool = { id: 'reply', description: '', parameters: Type.Object({ text: Type.String() }) };
      const provider = createScriptedProvider([{ text: 'ab', toolCalls: [{ toolId: 'reply', args: { text: 'abcdef' } }] }]);
      const error = await failure(new ModelRunner({ provider, maxOutputChars: 10 }).invoke({ input: 'x', stageId: 's', tools: [tool] }));
      expect(error.code).toBe('OUTPUT_LIMIT');
    });
  });

  describe('retry', () => {
    const rateLimited = (retryAfterMs?: number) => ({ error: createProviderError('rate limited', { status: 429, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) }) });

    it('retries a retryable failure before the first chunk and succeeds', async () => {
      const provider = createScriptedProvider([rateLimited(), { error: createProviderError('socket hang up', { retryable: true }) }, 'ok']);
      const result = await new ModelRunner({ provider, retry: { baseDelayMs: 0 } }).invoke({ input: 'x', stageId: 's' });
      expect(result.value).toBe('ok');
      expect(provider.requests).toHaveLength(3);
    });

    it('gives up after 3 tries in all by default, raising the last failure', async () => {
      const last = createProviderError('overloaded', { status: 529 });
      const provider = createScriptedProvider([rateLimited(), rateLimited(), { error: last }, 'never']);
      const error = await failure(new ModelRunner({ provider, retry: { baseDelayMs: 0 } }).invoke({ input: 'x', stageId: 's' }));
      expect(error).toBe(last);
      expect(error.details).toMatchObject({ status: 529, retryable: true });
      expect(provider.requests).toHaveLength(3);
    });

    it('does not retry a failure that is not marked retryable, wrapping a plain error as PROVIDER_FAILED', async () => {
      const cause = new TypeError('boom');
      const provider = createScriptedProvider([{ error: cause }, 'never']);
      const error = await failure(new ModelRunner({ provider, retry: { baseDelayMs: 0 } }).invoke({ input: 'x', stageId: 's' }));
      expect(error.code).toBe('PROVIDER_FAILED');
      expect(error.details).toMatchObject({ retryable: false, providerId: 'scripted' });
      expect(error.cause).toBe(cause);
      expect(provider.requests).toHaveLength(1);
    });

    it.each([
      ['an error with a retryable status', Object.assign(new Error('unavailable'), { status: 503 }), { status: 503 }],
      ['an error with a retryable statusCode', Object.assign(new Error('rate limited'), { statusCode: 429 }), { status: 429 }],
      ['an error that says isRetryable', Object.assign(new Error('overloaded'), { isRetryable: true }), {}],
      ['a network error', new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }), {}],
      ['a network error code', Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }), {}],
    ])('retries %s thrown by a provider written without createProviderError', async (_name, thrown, details) => {
      const provider = createScriptedProvider([{ error: thrown }, 'recovered']);
      const result = await new ModelRunner({ provider, retry: { baseDelayMs: 0 } }).invoke({ input: 'x', stageId: 's' });
      expect(result.text).toBe('recovered');
      expect(provider.requests).toHaveLength(2);
      const error = await failure(new ModelRunner({ provider: createScriptedProvider([{ error: thrown }]), retry: { attempts: 1 } }).invoke({ input: 'x', stageId: 's' }));
      expect(error.details).toMatchObject({ retryable: true, ...details });
      expect(error.cause).toBe(thrown);
    });

    it('does not retry a plain error with a status that is not retryable, and keeps the status', async () => {
      const thrown = Object.assign(new Error('bad request'), { status: 400 });
      const provider = createScriptedProvider([{ error: thrown }, 'never']);
      const error = await failure(new ModelRunner({ provider, retry: { baseDelayMs: 0 } }).invoke({ input: 'x', stageId: 's' }));
      expect(error.details).toMatchObject({ retryable: false, status: 400 });
      expect(provider.requests).toHaveLength(1);
    });

    it('does not retry an HTTP 401', async () => {
      const provider = createScriptedProvider([{ error: createProviderError('unauthorized', { status: 401 }) }, 'never']);
      const error = await failure(new ModelRunner({ provider, retry: { baseDelayMs: 0 } }).invoke({ input: 'x', stageId: 's' }));
      expect(error.details).toMatchObject({ status: 401, retryable: false });
      expect(provider.requests).toHaveLength(1);
    });

    it('never retries once output has started, even a retryable failure', async () => {
      const events: string[] = [];
      const provider = createScriptedProvider([{ after: ['par'], error: createProviderError('reset', { retryable: true }) }, 'never']);
      const runner = new ModelRunner({ provider, retry: { baseDelayMs: 0 }, sink: { output: { write: (event) => void events.push(event.type) } } });
      const error = await failure(runner.invoke({ input: 'x', stageId: 's' }));
      expect(error.message).toBe('reset');
      expect(provider.requests).toHaveLength(1);
      expect(events).toEqual(['stage-start', 'text-delta', 'stage-end']);
    });

    it('waits with exponential backoff between tries', async () => {
      vi.useFakeTimers();
      const provider = createScriptedProvider([rateLimited(), rateLimited(), 'ok']);
      const invocation = new ModelRunner({ provider, retry: { baseDelayMs: 100 } }).invoke({ input: 'x', stageId: 's' });
      await vi.advanceTimersByTimeAsync(99);
      expect(provider.requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(provider.requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(199);
      expect(provider.requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect((await invocation).value).toBe('ok');
    });

    it('honours retry-after when it asks for longer than the backoff', async () => {
      vi.useFakeTimers();
      const provider = createScriptedProvider([rateLimited(1000), 'ok']);
      const invocation = new ModelRunner({ provider, retry: { baseDelayMs: 10 } }).invoke({ input: 'x', stageId: 's' });
      await vi.advanceTimersByTimeAsync(999);
      expect(provider.requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect((await invocation).value).toBe('ok');
    });

    it('raises the failure at once when retry-after asks for more than maxDelayMs', async () => {
      const provider = createScriptedProvider([rateLimited(120_000), 'never']);
      const error = await failure(new ModelRunner({ provider, retry: { maxDelayMs: 1000 } }).invoke({ input: 'x', stageId: 's' }));
      expect(error.details).toMatchObject({ retryAfterMs: 120_000 });
      expect(provider.requests).toHaveLength(1);
    });

    it('makes no retry with attempts: 1', async () => {
      const provider = createScriptedProvider([rateLimited(), 'never']);
      await failure(new ModelRunner({ provider, retry: { attempts: 1, baseDelayMs: 0 } }).invoke({ input: 'x', stageId: 's' }));
      expect(provider.requests).toHaveLength(1);
    });

    it('stops the backoff wait at once on abort, leaving no timer', async () => {
      vi.useFakeTimers();
      const controller = new AbortController();
      const provider = createScriptedProvider([rateLimited(), 'never']);
      const invocation = new ModelRunner({ provider, retry: { baseDelayMs: 10_000 } }).invoke({ input: 'x', stageId: 's', signal: controller.signal });
      await vi.advanceTimersByTimeAsync(1);
      controller.abort();
      expect((await failure(invocation)).code).toBe('ABORTED');
      expect(vi.getTimerCount()).toBe(0);
      expect(provider.requests).toHaveLength(1);
    });

    it('sends every try the same deep-frozen request: a provider cannot edit what a retry, the caller or a later call sends', async () => {
      const tool = { id: 'reply', description: 'answer', parameters: Type.Object({ text: Type.String() }) };
      const input: ModelMessage[] = [
        { role: 'user', content: 'question' },
        { role: 'assistant', content: '', toolCalls: [{ callId: 'c', toolId: 'reply', args: { text: 'draft' } }] },
        { role: 'tool', callId: 'c', content: 'done' },
      ];
      const received: ProviderRequest[] = [];
      const edits: string[] = [];
      const attempt = (edit: () => void): void => {
        try {
          edit();
          edits.push('edited');
        } catch (error) {
          edits.push((error as Error).constructor.name);
        }
      };
      const provider: ModelProvider = {
        async *stream(request) {
          received.push(request);
          if (received.length === 1) {
            // A provider that tries to edit its request in place (say, rewriting it for its wire format), then fails.
            const messages = request.messages as ModelMessage[];
            attempt(() => ((messages[0] as { content: string }).content = 'rewritten'));
            attempt(() => ((messages[1] as unknown as { toolCalls: { args: { text: string } }[] }).toolCalls[0]!.args.text = 'edited'));
            attempt(() => messages.push({ role: 'user', content: 'injected' }));
            const tools = request.tools as unknown as { description: string; parameters: { properties: Record<string, unknown> } }[];
            attempt(() => (tools[0]!.description = 'edited'));
            attempt(() => (tools[0]!.parameters.properties.extra = { type: 'number' }));
            attempt(() => ((request as { stageId: string }).stageId = 'other'));
            throw createProviderError('HTTP 503', { status: 503 });
          }
          yield { type: 'tool-call', callId: 'c2', toolId: 'reply', argsDelta: '{"text":"ok"}' };
        },
      };
      const result = await new ModelRunner({ provider, retry: { baseDelayMs: 0 } }).invoke({ input, stageId: 's', tools: [tool] });
      expect(result.proposals).toHaveLength(1);
      expect(edits).toEqual(Array.from({ length: 6 }, () => 'TypeError'));
      expect(received).toHaveLength(2);
      expect(received[1]).toBe(received[0]);
      expect(received[0]).toEqual({
        stageId: 's',
        messages: input,
        tools: [{ id: 'reply', description: 'answer', parameters: JSON.parse(JSON.stringify(tool.parameters)) as unknown }],
      });
      expect(input[1]).toEqual({ role: 'assistant', content: '', toolCalls: [{ callId: 'c', toolId: 'reply', args: { text: 'draft' } }] });
    });

    it('raises the provider failure at once when the wait before the next try cannot end before timeoutMs', async () => {
      vi.useFakeTimers();
      const unavailable = createProviderError('HTTP 503 from the model server', { status: 503, retryAfterMs: 2000 });
      const provider = createScriptedProvider([{ error: unavailable }, 'never']);
      const outcome = failure(new ModelRunner({ provider, timeoutMs: 500 }).invoke({ input: 'x', stageId: 's' }));
      await vi.advanceTimersByTimeAsync(0);
      expect(vi.getTimerCount()).toBe(0); // settled without time passing: no wait, no timeout pending
      const error = await outcome;
      expect(error).toBe(unavailable);
      expect(error.details).toMatchObject({ status: 503, retryable: true, retryAfterMs: 2000 });
      expect(provider.requests).toHaveLength(1);
    });

    it.each([
      ['a wait that ends exactly at the deadline', 2000, 0],
      ['a wait that would end after the deadline, counting the time the failing try took', 1800, 300],
    ])('does not start %s', async (_name, retryAfterMs, tryMs) => {
      vi.useFakeTimers();
      const unavailable = createProviderError('HTTP 503', { status: 503, retryAfterMs });
      let calls = 0;
      const provider: ModelProvider = {
        async *stream() {
          calls++;
          await new Promise((resolve) => setTimeout(resolve, tryMs));
          if (calls === 1) throw unavailable;
          yield 'never';
        },
      };
      const outcome = failure(new ModelRunner({ provider, timeoutMs: 2000 }).invoke({ input: 'x', stageId: 's' }));
      await vi.advanceTimersByTimeAsync(tryMs);
      expect(vi.getTimerCount()).toBe(0);
      expect(await outcome).toBe(unavailable);
      expect(calls).toBe(1);
    });

    it('still waits and retries when the wait ends before timeoutMs', async () => {
      vi.useFakeTimers();
      const provider = createScriptedProvider([{ error: createProviderError('HTTP 503', { status: 503, retryAfterMs: 2000 }) }, 'ok']);
      const invocation = new ModelRunner({ provider, timeoutMs: 2001 }).invoke({ input: 'x', stageId: 's' });
      await vi.advanceTimersByTimeAsync(2000);
      expect((await invocation).value).toBe('ok');
      expect(provider.requests).toHaveLength(2);
    });

    it('keeps the last provider failure as the cause of a TIMEOUT that fires during a wait', async () => {
      // Only a clock that disagrees with the timers gets here: performance.now() stands still.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      vi.spyOn(performance, 'now').mockReturnValue(0);
      try {
        const unavailable = createProviderError('HTTP 503', { status: 503, retryAfterMs: 400 });
        let calls = 0;
        const provider: ModelProvider = {
          async *stream() {
            calls++;
            await new Promise((resolve) => setTimeout(resolve, 300));
            if (calls === 1) throw unavailable;
            yield 'never';
          },
        };
        const outcome = failure(new ModelRunner({ provider, retry: { baseDelayMs: 0 }, timeoutMs: 500 }).invoke({ input: 'x', stageId: 's' }));
        await vi.advanceTimersByTimeAsync(500);
        const error = await outcome;
        expect(error.code).toBe('TIMEOUT');
        expect(error.details).toMatchObject({ timeoutMs: 500 });
        expect(error.cause).toBe(unavailable);
        expect(calls).toBe(1);
        expect(vi.getTimerCount()).toBe(0);
      } finally {
        vi.restoreAllMocks();
      }
    });

    it('retries a provider whose stream() throws synchronously', async () => {
      let calls = 0;
      const provider: ModelProvider = {
        stream() {
          calls++;
          if (calls === 1) throw createProviderError('connect ECONNREFUSED', { retryable: true });
          return (async function* () {
            yield 'ok';
          })();
        },
      };
      const result = await new ModelRunner({ provider, retry: { baseDelayMs: 0 } }).invoke({ input: 'x', stageId: 's' });
      expect(result.value).toBe('ok');
    });
  });
});
