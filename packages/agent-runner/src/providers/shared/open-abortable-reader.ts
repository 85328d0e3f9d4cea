import type { AgentCoreError } from '@jangts/agent-types';
import { providerAbortedError } from '../../errors.js';

/** What one read of a stream gives: `{ done: false, value }` or `{ done: true }`. */
type ReadResult<TValue> = Awaited<ReturnType<ReadableStreamDefaultReader<TValue>['read']>>;

/** A reader of a provider's response stream that the caller's signal cancels. */
export interface AbortableReader<TValue> {
  /**
   * Reads the next piece. Throws `ABORTED` when the signal has fired by the time the read
   * settles (even if it delivered a value), and `failure(error)` when the read failed otherwise.
   */
  read(failure: (error: unknown) => AgentCoreError): Promise<ReadResult<TValue>>;
  /** Stops listening to the signal and cancels the stream; never throws. Call it however reading ends. */
  release(): void;
}

/**
 * Locks `stream` for reading and cancels it as soon as `signal` fires: a custom `fetch` or model
 * may ignore the signal, but cancelling the reader still ends a pending read.
 */
export function openAbortableReader<TValue>(stream: ReadableStream<TValue>, signal: AbortSignal, provider: string): AbortableReader<TValue> {
  const reader = stream.getReader();
  const cancel = (): void => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  return {
    async read(failure) {
      let result: ReadResult<TValue>;
      try {
        result = await reader.read();
      } catch (error) {
        if (signal.aborted) throw providerAbortedError(provider, signal);
        throw failure(error);
      }
      if (signal.aborted) throw providerAbortedError(provider, signal);
      return result;
    },
    release() {
      signal.removeEventListener('abort', cancel);
      cancel();
    },
  };
}
