/**
 * JSON pointer of the first part of `value` that `JSON.stringify` would not keep as is
 * (functions, symbols, `undefined`, `BigInt`, non-finite numbers, cycles, class instances), or
 * `undefined` when `value` is plain JSON.
 */
export function findNonJson(value: unknown, path = '', seen: Set<object> = new Set()): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : path;
    case 'object':
      return value === null ? undefined : findInContainer(value, path, seen);
    case 'bigint':
    case 'function':
    case 'symbol':
    case 'undefined':
      return path;
  }
}

function findInContainer(value: object, path: string, seen: Set<object>): string | undefined {
  if (seen.has(value)) return path;
  if (!Array.isArray(value) && !isPlainRecord(value)) return path;
  seen.add(value);
  try {
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item: unknown, index) => [String(index), item])
      : Object.entries(value);
    for (const [key, item] of entries) {
      const found = findNonJson(item, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, seen);
      if (found !== undefined) return found;
    }
    return undefined;
  } finally {
    seen.delete(value);
  }
}

/** True for an object whose prototype is `Object.prototype` or `null`. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
