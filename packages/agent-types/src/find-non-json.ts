/**
 * Finds the first part of `value` that `JSON.stringify` would not keep as is: a function, a
 * symbol, `undefined`, a `BigInt`, a non-finite number, a cycle, or an object that is not plain
 * (a class instance such as `Date` or `Map`; plain means its prototype is `Object.prototype` or
 * `null`). Array holes count as `undefined`.
 *
 * Walks depth-first in key order (own enumerable string keys, as `JSON.stringify` does), reading
 * each property once; symbol-keyed and non-enumerable properties are not read. An object reached
 * twice through different branches is fine; one that contains itself is a cycle.
 *
 * @returns the JSON pointer of the offending part (`''` for `value` itself, `/items/3/when`
 *   below it, with `~` and `/` in keys escaped as `~0` and `~1`), or `undefined` when `value`
 *   is plain JSON.
 * @throws whatever a getter or proxy trap of `value` throws.
 */
export function findNonJson(value: unknown): string | undefined {
  return findBelow(value, '', new Set());
}

function findBelow(value: unknown, path: string, ancestors: Set<object>): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : path;
    case 'object': {
      if (value === null) return undefined;
      if (ancestors.has(value)) return path;
      ancestors.add(value);
      const found = Array.isArray(value) ? findInArray(value, path, ancestors) : findInObject(value, path, ancestors);
      ancestors.delete(value);
      return found;
    }
    case 'bigint':
    case 'function':
    case 'symbol':
    case 'undefined':
      return path;
  }
}

// Strings and booleans are skipped before recursing: building their path is most of the cost.
function findInArray(value: readonly unknown[], path: string, ancestors: Set<object>): string | undefined {
  for (let index = 0; index < value.length; index += 1) {
    const item = value[index];
    if (typeof item === 'string' || typeof item === 'boolean') continue;
    const found = findBelow(item, `${path}/${index}`, ancestors);
    if (found !== undefined) return found;
  }
  return undefined;
}

function findInObject(value: object, path: string, ancestors: Set<object>): string | undefined {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return path;
  const record = value as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (typeof item === 'string' || typeof item === 'boolean') continue;
    const found = findBelow(item, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, ancestors);
    if (found !== undefined) return found;
  }
  return undefined;
}
