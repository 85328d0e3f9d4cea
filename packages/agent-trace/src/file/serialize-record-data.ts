import { AgentCoreError } from '@jangts/agent-types';
import { isPlainObject } from './is-plain-object.js';

/** Deepest nesting of objects and arrays a record's `data` may have. */
export const MAX_DATA_DEPTH = 64;

/**
 * Serialises a record's `data` to JSON, synchronously, after proving it round-trips: a plain
 * object (not an array, not null) whose values are strings, finite numbers, booleans, null,
 * arrays without holes, and plain objects, at most {@link MAX_DATA_DEPTH} deep, without cycles,
 * `undefined`, functions, symbols, `BigInt`, non-finite numbers or class instances (`Date`,
 * `Map`, boxed values, …). `-0` is written as `0`, as JSON does. Anything else throws
 * `INPUT_INVALID` naming the JSON path.
 */
export function serializeRecordData(data: unknown): string {
  // Keys and indexes from `data` down to the value being checked; turned into text only on failure.
  const path: (string | number)[] = [];
  try {
    if (!isPlainObject(data)) throw invalidData(path, 'must be a plain JSON object');
    assertJson(data, path, new Set());
    return JSON.stringify(data);
  } catch (error) {
    if (AgentCoreError.isInstance(error)) throw error;
    // A getter or proxy trap threw while the value was walked.
    throw new AgentCoreError('INPUT_INVALID', `${formatPath(path)} could not be read as JSON`, {
      details: { field: 'data', path: formatPath(path) },
      cause: error,
    });
  }
}

function assertJson(value: unknown, path: (string | number)[], ancestors: Set<object>): void {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value)) throw invalidData(path, `must be a finite number, got ${String(value)}`);
      return;
    case 'object':
      if (value === null) return;
      assertContainer(value, path, ancestors);
      return;
    case 'undefined':
    case 'function':
    case 'symbol':
    case 'bigint':
      throw invalidData(path, `must be JSON, got ${typeof value}`);
  }
}

function assertContainer(value: object, path: (string | number)[], ancestors: Set<object>): void {
  if (path.length >= MAX_DATA_DEPTH) throw invalidData(path, `nests deeper than ${MAX_DATA_DEPTH} levels`);
  if (ancestors.has(value)) throw invalidData(path, 'is a cycle');
  if (Object.getOwnPropertySymbols(value).length > 0) throw invalidData(path, 'has symbol keys');
  ancestors.add(value);
  if (Array.isArray(value)) {
    const items: readonly unknown[] = value;
    if (Object.keys(items).length !== items.length) throw invalidData(path, 'is a sparse array or has extra keys');
    for (let index = 0; index < items.length; index += 1) {
      path.push(index);
      assertJson(items[index], path, ancestors);
      path.pop();
    }
  } else {
    if (!isPlainObject(value)) throw invalidData(path, 'must be a plain object, not a class instance');
    const keys = Object.keys(value);
    if (Object.getOwnPropertyNames(value).length !== keys.length) throw invalidData(path, 'has non-enumerable properties');
    for (const key of keys) {
      path.push(key);
      assertJson(value[key], path, ancestors);
      path.pop();
    }
  }
  ancestors.delete(value);
}

function formatPath(path: readonly (string | number)[]): string {
  let text = 'data';
  for (const segment of path) text += typeof segment === 'number' ? `[${segment}]` : `.${segment}`;
  return text;
}

function invalidData(path: readonly (string | number)[], problem: string): AgentCoreError {
  const at = formatPath(path);
  return new AgentCoreError('INPUT_INVALID', `${at} ${problem}`, { details: { field: 'data', path: at } });
}
