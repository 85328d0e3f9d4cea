/**
 * True for a plain object: not an array, and its prototype is `Object.prototype` or `null`
 * (so `Object.create(null)` is plain, a class instance, `Date` or `Map` is not).
 *
 * @throws whatever a proxy's `getPrototypeOf` trap throws; callers turn it into their error.
 */
export function isPlainRecord(value: object): boolean {
  if (Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
