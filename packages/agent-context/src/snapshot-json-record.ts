import { describeValue } from '@jangts/agent-types/internal';
import { formatJsonPath, type JsonPathSegment } from './json-path.js';
import { JsonRecordFault } from './json-record-fault.js';

/** How deeply objects and arrays may nest inside a record (the record itself is level 1). */
export const MAX_RECORD_DEPTH = 256;

/**
 * An object or array is remembered (its copy reused when another branch reaches it) only when
 * reading it read at least this many properties and items (its own and those of the objects it
 * holds). A smaller one is read again wherever it is reached, at a cost below this bound each
 * time, so a walk stays linear in the distinct objects and properties, while a record of many
 * small objects that nothing reaches twice (the usual record) costs no map entry per object.
 */
const REMEMBER_FROM_STEPS = 32;

/** A plain copy of a record, and whether an object or array of it is reached more than once. */
export interface JsonRecordSnapshot {
  /** The copy: plain objects, arrays, strings, finite numbers, booleans and `null`. */
  readonly record: Record<string, unknown>;
  /**
   * True when the record reuses an object or array (reaches it through two branches) and its
   * copy is reused too, so the JSON text, which repeats it, may be far longer than the copy —
   * exponentially (`v = { a: v, b: v }`, repeated): measure it (`measureJsonText`) before
   * building it. False, the text is about as long as the copy.
   */
  readonly shared: boolean;
}

/** The walk's position (the containers above the current value, the keys leading to it) and what it copied. */
interface Trail {
  readonly ancestors: object[];
  readonly segments: JsonPathSegment[];
  /** The copy of each object and array read so far that is worth remembering, by the original. */
  readonly copies: Map<object, object>;
  /** How many levels a copy nests below itself; worked out only for copies reached again. */
  readonly heights: Map<object, number>;
  shared: boolean;
  /** Properties and array items read so far. */
  steps: number;
}

/**
 * Reads `record` exactly once and returns a plain copy of it made only of plain objects,
 * arrays, strings, finite numbers, booleans and `null`, so that `JSON.stringify` of the copy
 * is lossless and cannot run user code. Getters are called once; what they return is what is
 * checked and copied.
 *
 * An object or array reached again through another branch (shared, not a cycle) is not read
 * again, its copy is reused, unless it is small (fewer than 32 properties and items, all told),
 * which is just read again. So the copy keeps the record's sharing, and the walk costs time and
 * memory linear in the distinct objects and their properties, however many paths lead to them.
 * One reached again so deep that it would nest past {@link MAX_RECORD_DEPTH} is refused at the
 * path a second read would have refused.
 *
 * Only own enumerable string-keyed properties are data (what `JSON.stringify`, spread and
 * `structuredClone` see); symbol-keyed and non-enumerable properties are not read.
 *
 * @param record - a plain object (see `isPlainRecord`); the caller has checked it.
 * @throws JsonRecordFault naming the path of the first value (depth-first, key order) that is
 *   `undefined`, a function, a symbol, a BigInt, a non-finite number, a class instance, an
 *   array hole, a cycle, nested deeper than {@link MAX_RECORD_DEPTH}, or whose read throws.
 */
export function snapshotJsonRecord(record: object): JsonRecordSnapshot {
  const trail: Trail = { ancestors: [record], segments: [], copies: new Map(), heights: new Map(), shared: false, steps: 0 };
  const copy = snapshotObject(record as Readonly<Record<string, unknown>>, 0, trail);
  return { record: copy, shared: trail.shared };
}

function snapshotValue(value: unknown, depth: number, trail: Trail): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(value)) return value;
      throw fault(trail, depth, `is ${describeValue(value)}, which JSON cannot represent`, 'finite-number');
    case 'object':
      return value === null ? null : snapshotContainer(value, depth, trail);
    case 'undefined':
    case 'function':
    case 'symbol':
    case 'bigint':
      throw fault(trail, depth, `is ${describeValue(value)}, which JSON cannot represent`, 'json-value');
  }
}

function snapshotContainer(container: object, depth: number, trail: Trail): unknown {
  const { ancestors } = trail;
  for (let level = 0; level < depth; level += 1) {
    if (ancestors[level] === container) {
      const target = formatJsonPath('value', trail.segments.slice(0, level));
      throw fault(trail, depth, `refers back to ${target}, one of its own ancestors (a cycle)`, 'cycle');
    }
  }
  if (depth >= MAX_RECORD_DEPTH) throw tooDeep(trail, depth);
  const copied = trail.copies.get(container);
  if (copied !== undefined) return reuseCopy(copied, depth, trail);
  let isArray: boolean;
  let prototype: unknown;
  try {
    isArray = Array.isArray(container);
    prototype = Object.getPrototypeOf(container);
  } catch (cause) {
    throw unreadable(trail, depth, cause);
  }
  ancestors[depth] = container;
  const stepsBefore = trail.steps;
  let copy: object;
  if (isArray) {
    if (prototype !== Array.prototype) throw notPlain(container, trail, depth);
    copy = snapshotArray(container as readonly unknown[], depth, trail);
  } else {
    if (prototype !== Object.prototype && prototype !== null) throw notPlain(container, trail, depth);
    copy = snapshotObject(container as Readonly<Record<string, unknown>>, depth, trail);
  }
  if (trail.steps - stepsBefore >= REMEMBER_FROM_STEPS) trail.copies.set(container, copy);
  return copy;
}

/**
 * The copy of a container already read, reached again at `depth`. It holds none of the current
 * ancestors (its own walk would have met that cycle), so only its depth needs checking. Nested
 * past the limit from here, the fault names the first too-deep part below it, depth-first in key
 * order, as reading the original again would have.
 */
function reuseCopy(copy: object, depth: number, trail: Trail): object {
  trail.shared = true;
  const { heights, segments } = trail;
  if (depth + heightOf(copy, heights) < MAX_RECORD_DEPTH) return copy;
  let current = copy;
  let level = depth;
  while (level < MAX_RECORD_DEPTH) {
    const entries = (Array.isArray(current) ? current.entries() : Object.entries(current)) as Iterable<[JsonPathSegment, unknown]>;
    for (const [key, item] of entries) {
      if (typeof item === 'object' && item !== null && level + 1 + heightOf(item, heights) >= MAX_RECORD_DEPTH) {
        segments[level] = key;
        current = item;
        break;
      }
    }
    level += 1;
  }
  throw tooDeep(trail, level);
}

/** How many levels a copy nests below itself (0: it holds no object or array); each copy worked out once. */
function heightOf(copy: object, heights: Map<object, number>): number {
  const known = heights.get(copy);
  if (known !== undefined) return known;
  let height = 0;
  for (const item of Object.values(copy) as unknown[]) {
    if (typeof item === 'object' && item !== null) height = Math.max(height, heightOf(item, heights) + 1);
  }
  heights.set(copy, height);
  return height;
}

function snapshotArray(array: readonly unknown[], depth: number, trail: Trail): unknown[] {
  let length: unknown;
  try {
    length = array.length;
  } catch (cause) {
    throw unreadable(trail, depth, cause);
  }
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) {
    throw fault(trail, depth, `has an unusable length (${describeValue(length)})`, 'readable');
  }
  const copy: unknown[] = [];
  const { segments } = trail;
  for (let index = 0; index < length; index += 1) {
    segments[depth] = index;
    let item: unknown;
    try {
      item = array[index];
    } catch (cause) {
      throw unreadable(trail, depth + 1, cause);
    }
    copy.push(snapshotValue(item, depth + 1, trail));
  }
  trail.steps += length;
  return copy;
}

function snapshotObject(object: Readonly<Record<string, unknown>>, depth: number, trail: Trail): Record<string, unknown> {
  let keys: string[];
  try {
    keys = Object.keys(object);
  } catch (cause) {
    throw unreadable(trail, depth, cause);
  }
  const copy: Record<string, unknown> = {};
  const { segments } = trail;
  for (const key of keys) {
    segments[depth] = key;
    let item: unknown;
    try {
      item = object[key];
    } catch (cause) {
      throw unreadable(trail, depth + 1, cause);
    }
    const itemCopy = snapshotValue(item, depth + 1, trail);
    if (key === '__proto__') Object.defineProperty(copy, key, { value: itemCopy, enumerable: true, writable: true, configurable: true });
    else copy[key] = itemCopy;
  }
  trail.steps += keys.length;
  return copy;
}

function tooDeep(trail: Trail, depth: number): JsonRecordFault {
  return fault(trail, depth, `is nested more than ${MAX_RECORD_DEPTH} levels deep`, 'max-depth', MAX_RECORD_DEPTH);
}

function unreadable(trail: Trail, depth: number, cause: unknown): JsonRecordFault {
  return fault(trail, depth, 'could not be read (reading it threw)', 'readable', undefined, cause);
}

function notPlain(container: object, trail: Trail, depth: number): JsonRecordFault {
  return fault(trail, depth, `is ${describeValue(container)}; a record holds only plain objects and arrays`, 'plain-json');
}

function fault(trail: Trail, depth: number, problem: string, rule: string, limit?: number, cause?: unknown): JsonRecordFault {
  return new JsonRecordFault(trail.segments.slice(0, depth), problem, rule, limit, cause);
}
