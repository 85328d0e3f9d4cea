/**
 * Runs `produce` as an async iterable whose iterator can be closed at once: `return()` (the
 * runner closing the provider's iterator) and the caller's `signal` both abort the signal handed
 * to `produce`, so a pending network read is cancelled instead of being waited for. Each
 * iteration runs `produce` afresh. Without a caller's signal (a direct call without options) the
 * stream can only be closed. The caller's signal is followed by a listener of its own, removed
 * when the iteration ends (no `AbortSignal.any`, which some runtimes lack).
 */
export function closableStream<TChunk>(
  signal: AbortSignal | undefined,
  produce: (signal: AbortSignal) => AsyncGenerator<TChunk, void, undefined>,
): AsyncIterable<TChunk> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<TChunk, void, undefined> {
      const closer = new AbortController();
      const follow = (): void => {
        closer.abort(signal?.reason);
      };
      if (signal?.aborted === true) follow();
      else signal?.addEventListener('abort', follow, { once: true });
      const release = (): void => signal?.removeEventListener('abort', follow);
      const generator = produce(closer.signal);
      return {
        next: async () => {
          try {
            const result = await generator.next();
            if (result.done === true) release();
            return result;
          } catch (error) {
            release();
            throw error;
          }
        },
        return: async () => {
          release();
          closer.abort();
          try {
            return await generator.return(undefined);
          } catch {
            // The pending read rejected because we closed it; closing is what the caller asked for.
            return { done: true, value: undefined };
          }
        },
      };
    },
  };
}
