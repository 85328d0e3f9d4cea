import type { ModelProvider, ProviderStreamOptions } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { ModelRunner } from '../model-runner.js';

describe('the signal handed to the provider', () => {
  it('read only after the call was aborted, it is already aborted with the call’s error', async () => {
    let options: ProviderStreamOptions | undefined;
    const provider: ModelProvider = {
      stream(_request, given) {
        options = given;
        return (async function* () {
          yield 'a';
          await new Promise(() => undefined);
        })();
      },
    };
    const controller = new AbortController();
    const runner = new ModelRunner({ provider, sink: { output: {
          write: (event) => {
            if (event.type === 'text-delta') controller.abort();
          },
        } } });
    const error: unknown = await runner.invoke({ input: 'go', stageId: 's', signal: controller.signal }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'ABORTED' });
    expect(options?.signal.aborted).toBe(true);
    expect(options?.signal.reason).toBe(error);
    expect(options?.signal).toBe(options?.signal);
  });

  it('read during the call, it is one signal for every try, aborted when the call ends early', async () => {
    const signals: AbortSignal[] = [];
    let tries = 0;
    const provider: ModelProvider = {
      async *stream(_request, options) {
        signals.push(options.signal);
        tries += 1;
        if (tries === 1) throw Object.assign(new Error('busy'), { status: 503 });
        yield 'a';
        await new Promise(() => undefined);
      },
    };
    const runner = new ModelRunner({ provider, retry: { baseDelayMs: 0 }, idleTimeoutMs: 20 });
    await expect(runner.invoke({ input: 'go', stageId: 's' })).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(signals).toHaveLength(2);
    expect(signals[1]).toBe(signals[0]);
    expect(signals[0]!.aborted).toBe(true);
  });
});
