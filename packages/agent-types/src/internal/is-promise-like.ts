/** Whether `value` is a promise or another thenable (an object with a `then` method). May throw (a getter or a proxy's trap): callers guard it. */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/**
 * The `then` method of `value` (an object or a function), read once, so that a getter runs once
 * and what it answered is what is called; `undefined` when there is none. May throw (a getter or a
 * proxy's trap): callers guard it.
 */
export function thenOf(value: unknown): ((...callbacks: unknown[]) => unknown) | undefined {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  const then: unknown = (value as { then?: unknown }).then;
  return typeof then === 'function' ? (then as (...callbacks: unknown[]) => unknown) : undefined;
}
