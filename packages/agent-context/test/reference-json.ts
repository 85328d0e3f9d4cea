/**
 * An independent, deliberately plain reference of "a plain JSON record" used as the oracle of
 * the property tests: own enumerable string keys, plain objects and arrays (no holes),
 * strings, finite numbers, booleans, null, no cycles.
 */
export function isPlainJsonRecord(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return isPlainJson(value, []);
}

function isPlainJson(value: unknown, ancestors: readonly object[]): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object') return false;
  if (ancestors.includes(value)) return false;
  const inner = [...ancestors, value];
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return false;
    for (let index = 0; index < value.length; index += 1) {
      if (!(index in value) || !isPlainJson(value[index], inner)) return false;
    }
    return true;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.keys(value).every((key) => isPlainJson((value as Record<string, unknown>)[key], inner));
}
