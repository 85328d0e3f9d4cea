/** Whether `value` is a promise or another thenable (an object with a `then` method). May throw (a getter or a proxy's trap): callers guard it. */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
