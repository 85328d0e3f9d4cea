/**
 * True when two JSON texts hold the same value (whitespace, key order and number spelling aside:
 * `{ "a": 1.0 }` and `{"a":1}`). Text that is not JSON, or nests too deeply to compare, is not the same.
 */
export function sameJson(left: string, right: string): boolean {
  try {
    return equal(JSON.parse(left), JSON.parse(right));
  } catch {
    return false;
  }
}

function equal(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null || Array.isArray(left) !== Array.isArray(right)) return false;
  const leftRecord = left as Readonly<Record<string, unknown>>;
  const rightRecord = right as Readonly<Record<string, unknown>>;
  const keys = Object.keys(leftRecord);
  return keys.length === Object.keys(rightRecord).length && keys.every((key) => Object.hasOwn(rightRecord, key) && equal(leftRecord[key], rightRecord[key]));
}
