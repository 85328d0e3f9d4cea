import { describeValue, detailValue } from '@jangts/agent-types/internal';
import type { AgentCoreError } from '@jangts/agent-types';
import { fragmentError } from './fragment-error.js';
import { FRAGMENT_FIELDS, type FragmentField } from './fragment-fields.js';
import type { FragmentLocation } from './fragment-location.js';
import { isPlainRecord } from './is-plain-record.js';

/** The raw values of a fragment's fields, each read once (`undefined` when absent or unreadable). */
export type FragmentFields = Readonly<Record<FragmentField, unknown>>;

/** A fragment read once, with what was absent, unknown or unreadable, for the checks to report. */
export interface FragmentRead {
  readonly fields: FragmentFields;
  /** Fields that are not own enumerable properties, in field order. */
  readonly missing: readonly FragmentField[];
  /** Own enumerable keys that are not fragment fields, in key order. */
  readonly unknown: readonly string[];
  /** The first field (in field order) whose read threw. */
  readonly unreadable: { readonly field: FragmentField; readonly cause: unknown } | undefined;
}

const FIELD_INDEX = new Map<string, number>(FRAGMENT_FIELDS.map((field, index) => [field, index]));

/**
 * Reads a fragment's own enumerable fields exactly once each, so that every later check and
 * the returned text agree even when a field is a getter or the fragment is a proxy.
 *
 * @throws AgentCoreError `FRAGMENT_INVALID` when `input` is not a plain object (an object
 *   whose prototype is `Object.prototype` or `null`) or its keys cannot be listed.
 */
export function readFragmentFields(input: unknown, location: FragmentLocation): FragmentRead {
  const keys = listPlainObjectKeys(input, location);
  const present: boolean[] = [false, false, false, false, false, false, false];
  const unknown: string[] = [];
  for (const key of keys) {
    const index = FIELD_INDEX.get(key);
    if (index === undefined) unknown.push(key);
    else present[index] = true;
  }
  const record = input as Readonly<Record<string, unknown>>;
  const values: unknown[] = [];
  const missing: FragmentField[] = [];
  let unreadable: FragmentRead['unreadable'];
  for (let index = 0; index < FRAGMENT_FIELDS.length; index += 1) {
    const field = FRAGMENT_FIELDS[index] as FragmentField;
    if (present[index] !== true) {
      missing.push(field);
      continue;
    }
    try {
      values[index] = record[field];
    } catch (cause) {
      unreadable ??= { field, cause };
    }
  }
  const [id, sourceId, trust, lifetime, maxChars, role, value] = values;
  return { fields: { id, sourceId, trust, lifetime, maxChars, role, value }, missing, unknown, unreadable };
}

function listPlainObjectKeys(input: unknown, location: FragmentLocation): string[] {
  if (typeof input !== 'object' || input === null) throw notAFragment(input, location);
  let isPlain: boolean;
  try {
    isPlain = isPlainRecord(input);
  } catch (cause) {
    throw uninspectable(location, cause);
  }
  if (!isPlain) throw notAFragment(input, location);
  try {
    return Object.keys(input);
  } catch (cause) {
    throw uninspectable(location, cause);
  }
}

function uninspectable(location: FragmentLocation, cause: unknown): AgentCoreError {
  const problem = 'the fragment could not be inspected (listing or typing it threw)';
  return fragmentError('FRAGMENT_INVALID', location, undefined, problem, { field: 'fragment', rule: 'readable' }, cause);
}

function notAFragment(input: unknown, location: FragmentLocation): AgentCoreError {
  const actual = describeValue(input);
  const shown = detailValue(input);
  return fragmentError('FRAGMENT_INVALID', location, undefined, `a fragment must be a plain object, got ${actual}`, {
    field: 'fragment',
    rule: 'plain-object',
    actual: shown,
  });
}
