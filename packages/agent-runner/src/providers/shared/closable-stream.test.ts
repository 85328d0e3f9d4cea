import { describe, expect, it } from 'vitest';
import { closableStream } from './closable-stream.js';

describe('closableStream', () => {
  it('aborts the producer signal when the iterator is closed while a read is pending', async () => {
    let seen: AbortSignal | undefined;
    const iterable = closableStream({ signal: new AbortController().signal }, async function* (signal) {
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

  it('aborts the producer signal when the caller aborts', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const iterable = closableStream({ signal: controller.signal }, async function* (signal) {
      seen = signal;
      yield 1;
    });
    for await (const value of iterable) expect(value).toBe(1);
    controller.abort();
    expect(seen?.aborted).toBe(true);
  });
});
