import { isPlainObject } from './is-plain-object.js';

/**
 * Path of the first part of `value` that does not survive `JSON.stringify` losslessly
 * (functions, symbols, `undefined`, `BigInt`, non-finite numbers, cycles, class instances),
 * or `undefined` when `value` is plain JSON. Paths are JSON pointers (`''` is the value itself).
 */
export function findNonJson(value: unknown, path = '', seen: Set<object> = new Set()): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : path;
    case 'object': {
      if (value === null) return undefined;
      if (seen.has(value)) return path;
      seen.add(value);
      const found = Array.isArray(value) ? findInArray(value, path, seen) : findInObject(value, path, seen);
      seen.delete(value);
      return found;
    }
    case 'bigint':
    case 'function':
    case 'symbol':
    case 'undefined':
      return path;
  }
}

function findInArray(value: readonly unknown[], path: string, seen: Set<object>): string | undefined {
  for (let index = 0; index < value.length; index++) {
    const found = findNonJson(value[index], `${path}/${index}`, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

function findInObject(value: object, path: string, seen: Set<object>): string | undefined {
  if (!isPlainObject(value)) return path;
  for (const key of Object.keys(value)) {
    const found = findNonJson(value[key], `${path}/${escapePointer(key)}`, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
