import { AgentCoreError } from '@jangts/agent-types';
import { abortedError } from './errors.js';

/** Throws `ABORTED` when `signal` has fired. */
export function throwIfAborted(signal: AbortSignal, step: string): void {
  if (signal.aborted) throw abortedError(signal, step);
}

/**
 * Runs `task` (a callback that may throw synchronously or return a value or promise) and
 * settles with it, or rejects with `ABORTED` as soon as `signal` fires — whether or not the
 * task ever settles. A task settling after the abort is ignored (its rejection is handled), and
 * so is a failure of a task that fired the signal itself before it threw: `ABORTED` wins.
 */
export async function abortable<TValue>(task: () => TValue | PromiseLike<TValue>, signal: AbortSignal, step: string): Promise<TValue> {
  throwIfAborted(signal, step);
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => {
      reject(abortedError(signal, step));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([(async () => task())(), aborted]);
  } catch (error) {
    if (!signal.aborted || (AgentCoreError.isInstance(error) && error.code === 'ABORTED')) throw error;
    throw abortedError(signal, step);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
