import { describeValue } from './describe-value.js';
import { detailValue } from './detail-value.js';
import { countItems, enter, fail, leave, MAX_INPUT_DEPTH, setKey, type Walk } from './walk.js';

/**
 * Copies a JSON value: strings, finite numbers, booleans, `null`, and plain objects and lists of
 * them, each property and item read once. Anything `JSON.stringify` would not keep as it is — a
 * function, a symbol, `undefined`, a `BigInt`, a non-finite number, a class instance, a hole, a
 * cycle — is refused (`json`, `plain`, `hole`, `cycle`), and so is a value nested deeper than
 * `MAX_INPUT_DEPTH`. An object or list reached again through another branch is copied once (so a
 * value that reuses its parts costs what its distinct parts cost).
 */
export function readJson(value: unknown, walk: Walk): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(value)) return value;
      break;
    case 'object':
      if (value === null) return null;
      return readJsonObject(value, walk);
    case 'bigint':
    case 'function':
    case 'symbol':
    case 'undefined':
      break;
  }
  return fail(walk, { rule: 'json', problem: `is not JSON (got ${describeValue(value)})`, actual: detailValue(value) });
}

function readJsonObject(value: object, walk: Walk): unknown {
  const known = walk.copies?.get(value);
  if (known !== undefined) {
    if (walk.ancestors.length + known.height >= MAX_INPUT_DEPTH) fail(walk, { rule: 'depth', problem: `is nested deeper than ${MAX_INPUT_DEPTH} levels`, limit: MAX_INPUT_DEPTH });
    walk.height = known.height;
    return known.copy;
  }
  const isList = Array.isArray(value);
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== (isList ? Array.prototype : Object.prototype) && (isList || prototype !== null)) {
    fail(walk, { rule: 'plain', problem: `must be ${isList ? 'a plain list' : 'a plain object'} (got ${describeValue(value)})`, actual: detailValue(value) });
  }
  enter(walk, value);
  let height = 0;
  let copy: unknown;
  if (isList) {
    const list = value as readonly unknown[];
    const length = list.length;
    countItems(walk, length);
    const items: unknown[] = [];
    for (let index = 0; index < length; index++) {
      walk.path.push(index);
      const item = list[index];
      if (item === undefined && !(index in list)) fail(walk, { rule: 'hole', problem: 'is a hole in the list' });
      items.push(readItem(item, walk));
      if (typeof item === 'object' && item !== null && walk.height >= height) height = walk.height + 1;
      walk.path.pop();
    }
    copy = items;
  } else {
    const record = value as Readonly<Record<string, unknown>>;
    const keys = Object.keys(record);
    countItems(walk, keys.length);
    const fields: Record<string, unknown> = {};
    for (const key of keys) {
      walk.path.push(key);
      const item = record[key];
      setKey(fields, key, readItem(item, walk));
      if (typeof item === 'object' && item !== null && walk.height >= height) height = walk.height + 1;
      walk.path.pop();
    }
    copy = fields;
  }
  leave(walk, value);
  (walk.copies ??= new Map()).set(value, { copy, height });
  walk.height = height;
  return copy;
}

// Strings and booleans are most items: kept without a call.
function readItem(item: unknown, walk: Walk): unknown {
  return typeof item === 'string' || typeof item === 'boolean' ? item : readJson(item, walk);
}
