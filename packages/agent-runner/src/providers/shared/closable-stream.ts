/**
 * Runs `produce` as an async iterable whose iterator can be closed at once: `return()` (the
 * runner closing the provider's iterator) and the caller's `signal` both abort the signal handed
 * to `produce`, so a pending network read is cancelled instead of being waited for. Each
 * iteration runs `produce` afresh.
 */
export function closableStream<TChunk>(
  signal: AbortSignal,
  produce: (signal: AbortSignal) => AsyncGenerator<TChunk, void, undefined>,
): AsyncIterable<TChunk> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<TChunk, void, undefined> {
      const closer = new AbortController();
      const generator = produce(AbortSignal.any([signal, closer.signal]));
      return {
        next: () => generator.next(),
        return: async () => {
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
