import { abortedError } from './errors.js';

/**
 * Settles like `promise`, or rejects with `ABORTED` as soon as `signal` fires. When the signal
 * wins, `onLate` receives the value `promise` resolves to later, so resources it holds can be
 * released.
 */
export function abortable<TValue>(
  promise: Promise<TValue>,
  signal: AbortSignal,
  operation: string,
  onLate: (value: TValue) => void,
): Promise<TValue> {
  if (signal.aborted) {
    promise.then(onLate, () => undefined);
    return Promise.reject(abortedError(signal, operation));
  }
  return new Promise<TValue>((resolve, reject) => {
    const onAbort = (): void => {
      promise.then(onLate, () => undefined);
      reject(abortedError(signal, operation));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise
      .finally(() => {
        signal.removeEventListener('abort', onAbort);
      })
      .then((value) => {
        // Once aborted, the value went to onLate and the caller already has its rejection.
        if (!signal.aborted) resolve(value);
      }, reject);
  });
}
