import { readingGuarded } from '../../reading-guarded.js';

/**
 * Runs `produce` as an async iterable whose iterator can be closed at once: `return()` (the
 * runner closing the provider's iterator) and the caller's `signal` both abort the signal handed
 * to `produce`, so a pending network read is cancelled instead of being waited for. Each
 * iteration runs `produce` afresh. `streamOptions` is the provider's second argument: called
 * directly without it (or without a signal), the stream can only be closed.
 */
export function closableStream<TChunk>(
  streamOptions: unknown,
  produce: (signal: AbortSignal) => AsyncGenerator<TChunk, void, undefined>,
): AsyncIterable<TChunk> {
  const signal = callerSignal(streamOptions);
  return {
    [Symbol.asyncIterator](): AsyncIterator<TChunk, void, undefined> {
      const closer = new AbortController();
      const generator = produce(signal === undefined ? closer.signal : AbortSignal.any([signal, closer.signal]));
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

/**
 * The caller's signal from a provider's `{ signal }` argument, if it has one.
 *
 * @throws AgentCoreError `INPUT_INVALID` (field `options`) when reading it throws (a getter, a proxy).
 */
export function callerSignal(streamOptions: unknown): AbortSignal | undefined {
  return readingGuarded('INPUT_INVALID', 'options', () => {
    if (typeof streamOptions !== 'object' || streamOptions === null) return undefined;
    const { signal } = streamOptions as { signal?: unknown };
    return signal instanceof AbortSignal ? signal : undefined;
  });
}
