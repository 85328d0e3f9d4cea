import { describe, expect, it } from 'vitest';
import { closableStream } from './closable-stream.js';

describe('closableStream', () => {
  it('aborts the producer signal when the iterator is closed while a read is pending', async () => {
    let seen: AbortSignal | undefined;
    const iterable = closableStream(new AbortController().signal, async function* (signal) {
      seen = signal;
      yield 1;
      await new Promise<void>((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          reject(new Error('cancelled'));
        });
      });
      yield 2;
    });
    const iterator = iterable[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ done: false, value: 1 });
    const pending = iterator.next();
    const closing = iterator.return?.();
    await expect(pending).rejects.toThrow('cancelled');
    expect(await closing).toEqual({ done: true, value: undefined });
    expect(seen?.aborted).toBe(true);
  });

  it('aborts the producer signal, with the reason, when the caller aborts during the iteration', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const iterable = closableStream(controller.signal, async function* (signal) {
      seen = signal;
      yield 1;
      yield 2;
    });
    for await (const value of iterable) {
      expect(value).toBe(1);
      controller.abort('stop');
      break;
    }
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBe('stop');
  });

  it('starts aborted when the caller already aborted', async () => {
    const controller = new AbortController();
    controller.abort('early');
    let seen: AbortSignal | undefined;
    const iterable = closableStream(controller.signal, async function* (signal) {
      seen = signal;
      yield 1;
    });
    for await (const _value of iterable) break;
    expect(seen?.reason).toBe('early');
  });

  it('leaves no listener on the caller signal once the iteration ended, however it ended', async () => {
    const added: unknown[] = [];
    const removed: unknown[] = [];
    const signal = new AbortController().signal;
    const addEventListener = signal.addEventListener.bind(signal);
    const removeEventListener = signal.removeEventListener.bind(signal);
    Object.assign(signal, {
      addEventListener: (type: string, listener: () => void, options?: { once?: boolean }) => {
        added.push(listener);
        addEventListener(type, listener, options);
      },
      removeEventListener: (type: string, listener: () => void) => {
        removed.push(listener);
        removeEventListener(type, listener);
      },
    });
    const completing = closableStream(signal, async function* () {
      yield 1;
    });
    for await (const _value of completing) expect(_value).toBe(1);
    const failing = closableStream(signal, async function* () {
      yield* [];
      throw new Error('boom');
    });
    await expect((async () => {
      for await (const _value of failing) expect(_value).toBeDefined();
    })()).rejects.toThrow('boom');
    const closed = closableStream(signal, async function* () {
      yield 1;
      yield 2;
    });
    for await (const _value of closed) break;
    expect(added).toHaveLength(3);
    expect(removed).toEqual(expect.arrayContaining(added));
  });

  it('runs without a caller signal (a direct call without options), closable all the same', async () => {
    let seen: AbortSignal | undefined;
    const iterable = closableStream(undefined, async function* (signal) {
      seen = signal;
      yield 1;
      yield 2;
    });
    for await (const _value of iterable) break;
    expect(seen?.aborted).toBe(true);
  });
});
