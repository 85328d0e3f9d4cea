import { pointerToken } from './json-pointer.js';

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
 * An object or array found to be plain JSON is remembered, with how deeply it nests, and not
 * walked again when another branch reaches it (one holding fewer than 32 properties and items all
 * told is just walked again, which costs less than remembering it). So the cost is linear in the
 * distinct objects and their properties, not in the paths through them: a value that reuses its
 * objects (`v = { a: v, b: v }`, repeated) has exponentially many paths but is checked in a few
 * steps. A remembered object reached again so deep that its nesting crosses
 * {@link MAX_JSON_CHECK_DEPTH} is walked once more, down one branch, to name the first part past
 * the limit, exactly as a walk of every path would (its properties on that branch are read again).
 *
 * @returns the JSON pointer of the offending part (`''` for `value` itself, `/items/3/when`
 *   below it, with `~` and `/` in keys escaped as `~0` and `~1`), or `undefined` when `value`
 *   is plain JSON. Never throws.
 */
export function findNonJson(value: unknown): string | undefined {
  try {
    return findBelow(value, '', { seen: new Map(), height: 0, steps: 0 }, 0);
  } catch {
    return ''; // the engine ran out of stack before the depth limit: not checkable, so not plain
  }
}

/** In {@link Walk.seen}, an object or array above the current part: reaching it again is a cycle. */
const ANCESTOR = -1;

/**
 * An object or array found plain is remembered only when checking it read at least this many
 * properties and items (its own and those of the objects inside it that were walked). A smaller
 * one is checked again wherever it is reached, at a cost below this bound each time, so the total
 * stays linear in the distinct objects and properties while a plain tree of small objects (the
 * usual value, where nothing is reached twice) costs no more map entries than its current path.
 */
const REMEMBER_FROM_STEPS = 32;

/** The state of one walk. */
interface Walk {
  /**
   * The objects and arrays above the current part ({@link ANCESTOR}), and those already found
   * plain JSON and remembered, with how many levels they nest below themselves.
   */
  readonly seen: Map<object, number>;
  /** How many levels the object or array just found plain nests below itself (0: only leaves). */
  height: number;
  /** Properties and array items read so far. */
  steps: number;
}

function findBelow(value: unknown, path: string, walk: Walk, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : path;
    case 'object': {
      if (value === null) return undefined;
      const { seen } = walk;
      const mark = seen.get(value);
      if (mark === ANCESTOR || depth >= MAX_JSON_CHECK_DEPTH) return path;
      // Found plain before (a plain object never contains one of the current ancestors: that
      // would have been a cycle inside it) and still within the depth limit here: done.
      if (mark !== undefined && depth + mark < MAX_JSON_CHECK_DEPTH) {
        walk.height = mark;
        return undefined;
      }
      seen.set(value, ANCESTOR);
      const stepsBefore = walk.steps;
      let found: string | undefined;
      try {
        // JSON.stringify asks every object for `toJSON`: one that has it (or throws when asked,
        // as a proxy may) is not kept as is.
        if ((value as { toJSON?: unknown }).toJSON !== undefined) found = path;
        else found = Array.isArray(value) ? findInArray(value, path, walk, depth) : findInObject(value, path, walk, depth);
      } catch {
        found = path; // a proxy trap threw: this part cannot be read
      }
      // Found not plain, the walk ends: its mark as an ancestor no longer matters. Found plain,
      // `walk.height` is its height (set by findInArray / findInObject).
      if (found !== undefined) return found;
      if (walk.steps - stepsBefore >= REMEMBER_FROM_STEPS) seen.set(value, walk.height);
      else seen.delete(value);
      return undefined;
    }
    case 'bigint':
    case 'function':
    case 'symbol':
    case 'undefined':
      return path;
  }
}

// Strings and booleans are skipped before recursing: building their path is most of the cost.
function findInArray(value: readonly unknown[], path: string, walk: Walk, depth: number): string | undefined {
  if (Object.getPrototypeOf(value) !== Array.prototype) return path;
  let height = 0;
  for (let index = 0; index < value.length; index += 1) {
    let item: unknown;
    try {
      item = value[index];
    } catch {
      return `${path}/${index}`;
    }
    if (typeof item === 'string' || typeof item === 'boolean') continue;
    const found = findBelow(item, `${path}/${index}`, walk, depth + 1);
    if (found !== undefined) return found;
    if (typeof item === 'object' && item !== null && walk.height >= height) height = walk.height + 1;
  }
  walk.height = height;
  walk.steps += value.length;
  return undefined;
}

function findInObject(value: object, path: string, walk: Walk, depth: number): string | undefined {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return path;
  const record = value as Readonly<Record<string, unknown>>;
  let height = 0;
  const keys = Object.keys(record);
  for (const key of keys) {
    let item: unknown;
    try {
      item = record[key];
    } catch {
      return `${path}/${pointerToken(key)}`;
    }
    if (typeof item === 'string' || typeof item === 'boolean') continue;
    const found = findBelow(item, `${path}/${pointerToken(key)}`, walk, depth + 1);
    if (found !== undefined) return found;
    if (typeof item === 'object' && item !== null && walk.height >= height) height = walk.height + 1;
  }
  walk.height = height;
  walk.steps += keys.length;
  return undefined;
}
