import { describeValue } from './describe-value.js';
import { formatJsonPath, type JsonPathSegment } from './json-path.js';
import { JsonRecordFault } from './json-record-fault.js';

/** How deeply objects and arrays may nest inside a record (the record itself is level 1). */
export const MAX_RECORD_DEPTH = 256;

/** The walk's position: the containers above the current value and the keys leading to it. */
interface Trail {
  readonly ancestors: object[];
  readonly segments: JsonPathSegment[];
}

/**
 * Reads `record` exactly once and returns a plain copy of it made only of plain objects,
 * arrays, strings, finite numbers, booleans and `null`, so that `JSON.stringify` of the copy
 * is lossless and cannot run user code. Getters are called once; what they return is what is
 * checked and copied.
 *
 * Only own enumerable string-keyed properties are data (what `JSON.stringify`, spread and
 * `structuredClone` see); symbol-keyed and non-enumerable properties are not read.
 *
 * @param record - a plain object (see `isPlainRecord`); the caller has checked it.
 * @throws JsonRecordFault naming the path of the first value (depth-first, key order) that is
 *   `undefined`, a function, a symbol, a BigInt, a non-finite number, a class instance, an
 *   array hole, a cycle, nested deeper than {@link MAX_RECORD_DEPTH}, or whose read throws.
 */
export function snapshotJsonRecord(record: object): Record<string, unknown> {
  return snapshotObject(record as Readonly<Record<string, unknown>>, 0, { ancestors: [record], segments: [] });
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
  if (depth >= MAX_RECORD_DEPTH) {
    throw fault(trail, depth, `is nested more than ${MAX_RECORD_DEPTH} levels deep`, 'max-depth', MAX_RECORD_DEPTH);
  }
  let isArray: boolean;
  let prototype: unknown;
  try {
    isArray = Array.isArray(container);
    prototype = Object.getPrototypeOf(container);
  } catch (cause) {
    throw unreadable(trail, depth, cause);
  }
  ancestors[depth] = container;
  if (isArray) {
    if (prototype !== Array.prototype) throw notPlain(container, trail, depth);
    return snapshotArray(container as readonly unknown[], depth, trail);
  }
  if (prototype !== Object.prototype && prototype !== null) throw notPlain(container, trail, depth);
  return snapshotObject(container as Readonly<Record<string, unknown>>, depth, trail);
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
  return copy;
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
