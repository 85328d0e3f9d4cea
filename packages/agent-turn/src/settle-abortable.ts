/** How an abortable task ended: its value, what it threw, or the signal fired first. */
export type Settled<TValue> = { readonly kind: 'value'; readonly value: TValue } | { readonly kind: 'error'; readonly error: unknown } | { readonly kind: 'aborted' };

/**
 * Runs `task` (it may throw synchronously, return a value or a promise) unless `signal` has fired,
 * and settles as soon as the task does or the signal fires, whichever is first. A task that settles
 * after the abort is ignored (its rejection is handled); a task that fails once the signal has
 * fired counts as aborted.
 */
export async function settleAbortable<TValue>(task: () => TValue | PromiseLike<TValue>, signal: AbortSignal): Promise<Settled<TValue>> {
  if (signal.aborted) return { kind: 'aborted' };
  let onAbort = (): void => undefined;
  const aborted = new Promise<Settled<TValue>>((resolve) => {
    onAbort = () => {
      resolve({ kind: 'aborted' });
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  const settled = (async (): Promise<Settled<TValue>> => {
    try {
      return { kind: 'value', value: await task() };
    } catch (error) {
      return signal.aborted ? { kind: 'aborted' } : { kind: 'error', error };
    }
  })();
  try {
    return await Promise.race([settled, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
