/**
 * True for a real `AbortSignal` of the running realm (any `AbortController`'s, `AbortSignal.timeout()`,
 * `AbortSignal.any()`), by the platform's own brand check: its `aborted` getter, which throws for
 * anything else. A look-alike object is not a signal.
 */
export function isAbortSignal(value: unknown): value is AbortSignal {
  if (typeof value !== 'object' || value === null) return false;
  // The getter is called on `value`, not on the prototype it came from.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const aborted: unknown = Object.getOwnPropertyDescriptor(globalThis.AbortSignal.prototype, 'aborted')?.get;
  if (typeof aborted !== 'function') return false;
  try {
    Reflect.apply(aborted, value, []);
    return true;
  } catch {
    return false;
  }
}
