import { describeValue, detailValue } from '@jangts/agent-types/internal';
import type { ContextRole, JsonObject } from '@jangts/agent-types';
import { engineStringLengthError } from './engine-string-length-error.js';
import { fragmentError } from './fragment-error.js';
import type { FragmentLocation } from './fragment-location.js';
import { isPlainRecord } from './is-plain-record.js';
import { formatJsonPath } from './json-path.js';
import { JsonRecordFault } from './json-record-fault.js';
import { measureJsonText } from './measure-json-text.js';
import { snapshotJsonRecord, type JsonRecordSnapshot } from './snapshot-json-record.js';

/** A record's text that was not built because it is longer than the limit: only its length. */
export interface UnbuiltText {
  readonly length: number;
}

/**
 * Turns a fragment's value into the text it contributes: a string as it is, a plain JSON
 * record as `JSON.stringify` of a single read of it.
 *
 * A record that reuses an object (reaches it through two branches) is measured before its text
 * is built, since that text repeats the object and may be exponentially longer than the record:
 * longer than `maxChars`, only its length is returned (an {@link UnbuiltText}), and longer than
 * any string the engine can hold, the engine's `RangeError` is thrown, as building it would. So
 * time and memory stay within the record's size plus the shorter of its text and `maxChars`. A
 * record without shared parts has a text as long as its data: it is built and returned as is.
 *
 * @param maxChars - the longest text worth building; `undefined` for no limit but the engine's.
 * @throws AgentCoreError `FRAGMENT_INVALID` when a `system` fragment's value is not a string,
 *   when the value is neither a string nor a plain object, or (with the JSON path) when the
 *   record is not plain JSON.
 * @throws RangeError when the record's text is longer than the longest string the engine can hold.
 */
export function renderFragmentValue(
  value: unknown,
  role: ContextRole,
  id: string,
  location: FragmentLocation,
  maxChars: number | undefined,
): string | UnbuiltText {
  if (typeof value === 'string') return value;
  if (role === 'system') {
    const actual = describeValue(value);
    const shown = detailValue(value);
    throw fragmentError('FRAGMENT_INVALID', location, id, `role "system" takes a string value only, got ${actual}`, {
      field: 'value',
      rule: 'system-string',
      actual: shown,
    });
  }
  let isRecord: boolean;
  try {
    isRecord = typeof value === 'object' && value !== null && isPlainRecord(value);
  } catch (cause) {
    throw fragmentError('FRAGMENT_INVALID', location, id, 'field "value" could not be inspected (reading it threw)', {
      field: 'value',
      rule: 'readable',
    }, cause);
  }
  if (!isRecord) {
    const actual = describeValue(value);
    const shown = detailValue(value);
    throw fragmentError('FRAGMENT_INVALID', location, id, `field "value" must be a string or a plain JSON record, got ${actual}`, {
      field: 'value',
      rule: 'string-or-record',
      actual: shown,
    });
  }
  let snapshot: JsonRecordSnapshot;
  try {
    snapshot = snapshotJsonRecord(value as object);
  } catch (error) {
    if (!(error instanceof JsonRecordFault)) throw error;
    const path = formatJsonPath('value', error.segments);
    throw fragmentError('FRAGMENT_INVALID', location, id, `${path} ${error.problem}`, {
      field: 'value',
      path,
      rule: error.rule,
      ...(error.limit === undefined ? {} : { limit: error.limit }),
    }, error.cause);
  }
  return renderSnapshot(snapshot, maxChars);
}

function renderSnapshot({ record, shared }: JsonRecordSnapshot, maxChars: number | undefined): string | UnbuiltText {
  if (shared) {
    const length = measureJsonText(record as JsonObject);
    const engineError = engineStringLengthError(length);
    if (engineError !== undefined) throw engineError;
    if (maxChars !== undefined && length > maxChars) return { length };
  }
  return JSON.stringify(record);
}
