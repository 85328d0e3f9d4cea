/**
 * Copies the items of something `Array.isArray` accepted (an array, or a proxy of one) into a
 * plain array, reading `length` and each index once. Holes become `undefined`, and the copy stops
 * after the first `undefined` item: every caller rejects it at that index, and a sparse array
 * such as `new Array(2 ** 32 - 1)` would otherwise be copied slot by slot until memory runs out.
 *
 * @throws whatever reading the array throws, or a `RangeError` when its `length` is not a
 *   safe non-negative integer (only a proxy can do that); callers turn both into their
 *   `AgentCoreError`.
 */
export function readArrayItems(array: readonly unknown[]): unknown[] {
  const length: unknown = array.length;
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) {
    throw new RangeError('the array reports an unusable length');
  }
  const items: unknown[] = [];
  for (let index = 0; index < length; index += 1) {
    const item = array[index];
    items.push(item);
    if (item === undefined) break;
  }
  return items;
}
