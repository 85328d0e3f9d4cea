import type { AgentCoreError, ContextFragment, JsonValue } from '@jangts/agent-types';
import { describeValue, detailValue, MAX_INPUT_DEPTH, type InputDoor, type InputIssue } from '@jangts/agent-types/internal';
import { cycleError, fragmentBudgetError, recordError, recordTooLongError, type InputPath } from './errors.js';

/*
 * A record value is read here, not by the door's JSON walker: this is assembly's hot path (a
 * fragment list is mostly its values), and this walk, made for it, costs half of that one (measured
 * on 10,000 fragments of ~1 KiB). It follows the door's rules and words (`json`, `plain`, `hole`,
 * `cycle`, `depth`, `readable`), with its depth limit.
 */

/**
 * The text a checked fragment contributes: a string value as it is, a record value as
 * `JSON.stringify` of one read of it (each property and item read once, so a getter or proxy that
 * answers differently later cannot change the text), within `maxChars` when `checkBudget`.
 *
 * A record is plain JSON: plain objects and lists (no holes), strings, finite numbers, booleans,
 * `null`, no cycles, nested at most `MAX_INPUT_DEPTH` levels. A record that reaches an object
 * through two branches is measured before its text is built, since that text repeats the object
 * and may be exponentially longer than the record: longer than `maxChars`, it is refused without
 * being built, and so is one longer than any string the engine can hold.
 *
 * @param path - where the fragment sits below `door`'s input (`[]`, or `[index]` in a list).
 * @throws AgentCoreError `FRAGMENT_INVALID` naming the value's first part (depth-first, in key
 *   order) that is not plain JSON, or `rule: 'engine-string-length'`; `FRAGMENT_BUDGET` for a text
 *   over `maxChars`.
 */
export function renderFragmentValue(fragment: ContextFragment, door: InputDoor, path: InputPath, checkBudget: boolean): string {
  const { value, maxChars } = fragment;
  if (typeof value === 'string') {
    if (checkBudget && value.length > maxChars) throw fragmentBudgetError(door, [...path, 'value'], false, value.length, maxChars);
    return value;
  }
  const text = renderRecord(value, { door, path }, checkBudget ? maxChars : undefined);
  if (typeof text === 'number' || (checkBudget && text.length > maxChars)) {
    throw fragmentBudgetError(door, [...path, 'value'], true, typeof text === 'number' ? text : text.length, maxChars);
  }
  return text;
}

/** Where a record sits, for its errors. */
interface Place {
  readonly door: InputDoor;
  /** The fragment's path below the door's input. */
  readonly path: InputPath;
}

/** The record's text, or (a shared record longer than `maxChars`) only its length. */
function renderRecord(record: object, place: Place, maxChars: number | undefined): string | number {
  let snapshot: RecordSnapshot;
  try {
    snapshot = snapshotRecord(record, place);
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw recordError(place.door, [...place.path, 'value'], depthIssue(error));
    }
    throw error;
  }
  if (snapshot.shared) {
    const length = measureJsonText(snapshot.record as JsonValue);
    const tooLong = engineStringLengthError(length);
    if (tooLong !== undefined) throw recordTooLongError(place.door, [...place.path, 'value'], tooLong);
    if (maxChars !== undefined && length > maxChars) return length;
  }
  try {
    return JSON.stringify(snapshot.record);
  } catch (error) {
    if (error instanceof RangeError) throw recordTooLongError(place.door, [...place.path, 'value'], error);
    throw error;
  }
}

function depthIssue(cause?: unknown): Omit<InputIssue, 'path'> {
  return { rule: 'depth', problem: `is nested deeper than ${MAX_INPUT_DEPTH} levels`, limit: MAX_INPUT_DEPTH, ...(cause === undefined ? {} : { cause }) };
}

/**
 * An object or list is remembered (its copy reused when another branch reaches it) only when
 * reading it read at least this many properties and items (its own and those below it). A smaller
 * one is read again wherever it is reached, at a cost below this bound each time, so a walk stays
 * linear in the distinct objects and properties, while a record of many small objects that
 * nothing reaches twice (the usual record) costs no map entry per object.
 */
const REMEMBER_FROM_STEPS = 32;

/** A plain copy of a record, and whether it reaches one of its objects or lists twice (then its text may be far longer than it). */
interface RecordSnapshot {
  readonly record: Record<string, unknown>;
  readonly shared: boolean;
}

/** The walk's position (the containers above the current value, the keys leading to it) and what it copied. */
interface Trail {
  readonly place: Place;
  readonly ancestors: object[];
  readonly segments: (string | number)[];
  /** The copy of each object and list read so far that is worth remembering, by the original (made when first needed). */
  copies: Map<object, object> | undefined;
  /** How many levels a copy nests below itself; worked out only for copies reached again. */
  heights: Map<object, number> | undefined;
  shared: boolean;
  /** Properties and items read so far. */
  steps: number;
}

/**
 * Reads `record` (a plain object) once into a copy made only of plain objects, lists, strings,
 * finite numbers, booleans and `null`, so that `JSON.stringify` of the copy is lossless and runs
 * no user code. Only own enumerable string-keyed properties are data (what `JSON.stringify`,
 * spread and `structuredClone` see). An object or list reached again through another branch is
 * not read again (its copy is reused) unless it is small; one reached again so deep that it would
 * nest past the limit is refused at the path a second read would have refused.
 */
function snapshotRecord(record: object, place: Place): RecordSnapshot {
  const trail: Trail = { place, ancestors: [record], segments: [], copies: undefined, heights: undefined, shared: false, steps: 0 };
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
      break;
    case 'object':
      if (value === null) return null;
      return snapshotContainer(value, depth, trail);
    case 'undefined':
    case 'function':
    case 'symbol':
    case 'bigint':
      break;
  }
  throw fault(trail, depth, { rule: 'json', problem: `is not JSON (got ${describeValue(value)})`, actual: detailValue(value) });
}

function snapshotContainer(container: object, depth: number, trail: Trail): unknown {
  const { ancestors } = trail;
  for (let level = 0; level < depth; level += 1) {
    if (ancestors[level] === container) {
      throw cycleError(trail.place.door, pathAt(trail, depth), [...trail.place.path, 'value', ...trail.segments.slice(0, level)]);
    }
  }
  if (depth >= MAX_INPUT_DEPTH) throw fault(trail, depth, depthIssue());
  const copied = trail.copies?.get(container);
  if (copied !== undefined) return reuseCopy(copied, depth, trail);
  let isList: boolean;
  let prototype: unknown;
  try {
    isList = Array.isArray(container);
    prototype = Object.getPrototypeOf(container);
  } catch (cause) {
    throw unreadable(trail, depth, cause);
  }
  if (prototype !== (isList ? Array.prototype : Object.prototype) && (isList || prototype !== null)) {
    throw fault(trail, depth, { rule: 'plain', problem: `must be a plain ${isList ? 'list' : 'object'} (got ${describeValue(container)})`, actual: detailValue(container) });
  }
  ancestors[depth] = container;
  const stepsBefore = trail.steps;
  const copy = isList ? snapshotList(container as readonly unknown[], depth, trail) : snapshotObject(container as Readonly<Record<string, unknown>>, depth, trail);
  if (trail.steps - stepsBefore >= REMEMBER_FROM_STEPS) (trail.copies ??= new Map<object, object>()).set(container, copy);
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
  const heights = (trail.heights ??= new Map<object, number>());
  const { segments } = trail;
  if (depth + heightOf(copy, heights) < MAX_INPUT_DEPTH) return copy;
  let current = copy;
  let level = depth;
  while (level < MAX_INPUT_DEPTH) {
    const entries = (Array.isArray(current) ? current.entries() : Object.entries(current)) as Iterable<[string | number, unknown]>;
    for (const [key, item] of entries) {
      if (typeof item === 'object' && item !== null && level + 1 + heightOf(item, heights) >= MAX_INPUT_DEPTH) {
        segments[level] = key;
        current = item;
        break;
      }
    }
    level += 1;
  }
  throw fault(trail, level, depthIssue());
}

/** How many levels a copy nests below itself (0: it holds no object or list); each copy worked out once. */
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

function snapshotList(list: readonly unknown[], depth: number, trail: Trail): unknown[] {
  let length: unknown;
  try {
    length = list.length;
  } catch (cause) {
    throw unreadable(trail, depth, cause);
  }
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) {
    throw fault(trail, depth, { rule: 'readable', problem: `has an unusable length (${describeValue(length)})` });
  }
  const copy: unknown[] = [];
  const { segments } = trail;
  for (let index = 0; index < length; index += 1) {
    segments[depth] = index;
    let item: unknown;
    let isHole: boolean;
    try {
      item = list[index];
      isHole = item === undefined && !(index in list);
    } catch (cause) {
      throw unreadable(trail, depth + 1, cause);
    }
    if (isHole) throw fault(trail, depth + 1, { rule: 'hole', problem: 'is a hole in the list' });
    copy.push(typeof item === 'string' ? item : snapshotValue(item, depth + 1, trail));
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
    // Strings are most leaves: kept without a call.
    const itemCopy = typeof item === 'string' ? item : snapshotValue(item, depth + 1, trail);
    if (key === '__proto__') Object.defineProperty(copy, key, { value: itemCopy, enumerable: true, writable: true, configurable: true });
    else copy[key] = itemCopy;
  }
  trail.steps += keys.length;
  return copy;
}

/** The path of the part at `depth` of the walk, below the door's input. */
function pathAt(trail: Trail, depth: number): InputPath {
  return [...trail.place.path, 'value', ...trail.segments.slice(0, depth)];
}

function fault(trail: Trail, depth: number, issue: Omit<InputIssue, 'path'>): AgentCoreError {
  return recordError(trail.place.door, pathAt(trail, depth), issue);
}

function unreadable(trail: Trail, depth: number, cause: unknown): AgentCoreError {
  return fault(trail, depth, { rule: 'readable', problem: 'could not be read (reading it threw)', cause });
}

/** A character `JSON.stringify` writes as an escape: `"`, `\`, a control character, or half a surrogate pair (written as `\u` when alone). */
// eslint-disable-next-line no-control-regex
const MAY_NEED_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * The length of `JSON.stringify(value)` (UTF-16 code units), worked out without building the
 * text. Each object or list is measured once, however many times it is reached, so a value that
 * reuses its parts costs time linear in its distinct parts even when its text is exponentially
 * long. Exact while it is a safe integer; beyond, approximate and longer than any engine string.
 *
 * @param value - plain JSON without cycles (a snapshot's copy).
 */
export function measureJsonText(value: JsonValue, lengths = new Map<object, number>()): number {
  if (typeof value === 'string') return measureString(value);
  if (typeof value === 'number') return String(value).length; // as JSON.stringify writes a finite number, `-0` as `0`
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (value === null) return 4;
  const known = lengths.get(value);
  if (known !== undefined) return known;
  let length: number;
  if (Array.isArray(value)) {
    length = 2 + Math.max(value.length - 1, 0); // brackets and commas
    for (const item of value as readonly JsonValue[]) length += measureJsonText(item, lengths);
  } else {
    const keys = Object.keys(value);
    length = 2 + Math.max(keys.length - 1, 0); // braces and commas
    for (const key of keys) length += measureString(key) + 1 + measureJsonText((value as Readonly<Record<string, JsonValue>>)[key] as JsonValue, lengths);
  }
  lengths.set(value, length);
  return length;
}

/** The length of a string written as JSON: quoted, with escapes. */
function measureString(text: string): number {
  return MAY_NEED_ESCAPE.test(text) ? JSON.stringify(text).length : text.length + 2;
}

/**
 * The `RangeError` this JavaScript engine raises for a string of `length` characters, or
 * `undefined` when it can hold one that long (about 2²⁹ characters in V8, 2³⁰ in SpiderMonkey).
 * Asks the engine itself without building such a string: the probe is a rope (`piece + piece`,
 * doubled), which engines keep as a tree of its two halves, so it costs a few dozen
 * concatenations and no character storage, and fails exactly where the engine's limit is.
 */
export function engineStringLengthError(length: number): RangeError | undefined {
  if (!Number.isSafeInteger(length) || length < 0) return new RangeError('Invalid string length');
  try {
    const pieces = ['x'];
    let piece = 'x';
    while (piece.length * 2 <= length) {
      piece += piece;
      pieces.push(piece);
    }
    let text = '';
    for (let index = pieces.length - 1; index >= 0 && text.length < length; index -= 1) {
      const next = pieces[index] as string;
      if (text.length + next.length <= length) text += next;
    }
    return text.length === length ? undefined : new RangeError('Invalid string length');
  } catch (error) {
    // V8 and JavaScriptCore raise a RangeError; SpiderMonkey an InternalError ("allocation size overflow").
    return error instanceof RangeError ? error : new RangeError('Invalid string length', { cause: error });
  }
}
