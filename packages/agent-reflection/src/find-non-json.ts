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
      if (value === null) return undefined;
      return Array.isArray(value) ? findInArray(value, path, seen) : findInRecord(value, path, seen);
    case 'bigint':
    case 'function':
    case 'symbol':
    case 'undefined':
      return path;
  }
}

function findInArray(value: readonly unknown[], path: string, seen: Set<object>): string | undefined {
  if (seen.has(value)) return path;
  seen.add(value);
  for (let index = 0; index < value.length; index += 1) {
    const item = value[index];
    if (typeof item === 'string' || typeof item === 'boolean') continue;
    const found = findNonJson(item, `${path}/${index}`, seen);
    if (found !== undefined) return found;
  }
  seen.delete(value);
  return undefined;
}

function findInRecord(value: object, path: string, seen: Set<object>): string | undefined {
  if (seen.has(value) || !isPlainRecord(value)) return path;
  seen.add(value);
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = value[key];
    if (typeof item === 'string' || typeof item === 'boolean') continue;
    const found = findNonJson(item, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, seen);
    if (found !== undefined) return found;
  }
  seen.delete(value);
  return undefined;
}

/** True for an object whose prototype is `Object.prototype` or `null`. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
