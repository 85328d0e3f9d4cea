/** Deeper than this many levels, a value is not checked further and counts as not plain JSON. */
export const MAX_JSON_CHECK_DEPTH = 1000;

/**
 * Finds the first part of `value` that `JSON.stringify` would not keep as is: a function, a
 * symbol, `undefined`, a `BigInt`, a non-finite number, a cycle, or an object that is not plain
 * (a class instance such as `Date` or `Map`, an array subclass; plain means its prototype is
 * `Object.prototype` or `null`, or `Array.prototype` for an array). Array holes count as
 * `undefined`. A part that cannot be read (a getter or proxy trap that throws) is not plain JSON
 * either, and neither is a part nested deeper than {@link MAX_JSON_CHECK_DEPTH} levels.
 *
 * Walks depth-first in key order (own enumerable string keys, as `JSON.stringify` does), reading
 * each property once; symbol-keyed and non-enumerable properties are not read. An object reached
 * twice through different branches is fine; one that contains itself is a cycle.
 *
 * @returns the JSON pointer of the offending part (`''` for `value` itself, `/items/3/when`
 *   below it, with `~` and `/` in keys escaped as `~0` and `~1`), or `undefined` when `value`
 *   is plain JSON. Never throws.
 */
export function findNonJson(value: unknown): string | undefined {
  try {
    return findBelow(value, '', new Set(), 0);
  } catch {
    return ''; // the engine ran out of stack before the depth limit: not checkable, so not plain
  }
}

function findBelow(value: unknown, path: string, ancestors: Set<object>, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : path;
    case 'object': {
      if (value === null) return undefined;
      if (ancestors.has(value) || depth >= MAX_JSON_CHECK_DEPTH) return path;
      ancestors.add(value);
      let found: string | undefined;
      try {
        // JSON.stringify asks every object for `toJSON`: one that has it (or throws when asked,
        // as a proxy may) is not kept as is.
        if ((value as { toJSON?: unknown }).toJSON !== undefined) found = path;
        else found = Array.isArray(value) ? findInArray(value, path, ancestors, depth) : findInObject(value, path, ancestors, depth);
      } catch {
        found = path; // a proxy trap threw: this part cannot be read
      }
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
function findInArray(value: readonly unknown[], path: string, ancestors: Set<object>, depth: number): string | undefined {
  if (Object.getPrototypeOf(value) !== Array.prototype) return path;
  for (let index = 0; index < value.length; index += 1) {
    const itemPath = `${path}/${index}`;
    let item: unknown;
    try {
      item = value[index];
    } catch {
      return itemPath;
    }
    if (typeof item === 'string' || typeof item === 'boolean') continue;
    const found = findBelow(item, itemPath, ancestors, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function findInObject(value: object, path: string, ancestors: Set<object>, depth: number): string | undefined {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return path;
  const record = value as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(record)) {
    let item: unknown;
    try {
      item = record[key];
    } catch {
      return `${path}/${escapeKey(key)}`;
    }
    if (typeof item === 'string' || typeof item === 'boolean') continue;
    const found = findBelow(item, `${path}/${escapeKey(key)}`, ancestors, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function escapeKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
