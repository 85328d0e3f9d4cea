import type { ContextRole } from '@jangts/agent-types';
import { describeValue } from './describe-value.js';
import { fragmentError } from './fragment-error.js';
import type { FragmentLocation } from './fragment-location.js';
import { isPlainRecord } from './is-plain-record.js';
import { formatJsonPath } from './json-path.js';
import { JsonRecordFault } from './json-record-fault.js';
import { snapshotJsonRecord } from './snapshot-json-record.js';

/**
 * Turns a fragment's value into the text it contributes: a string as it is, a plain JSON
 * record as `JSON.stringify` of a single read of it.
 *
 * @throws AgentCoreError `FRAGMENT_INVALID` when a `system` fragment's value is not a string,
 *   when the value is neither a string nor a plain object, or (with the JSON path) when the
 *   record is not plain JSON.
 */
export function renderFragmentValue(value: unknown, role: ContextRole, id: string, location: FragmentLocation): string {
  if (typeof value === 'string') return value;
  if (role === 'system') {
    const actual = describeValue(value);
    throw fragmentError('FRAGMENT_INVALID', location, id, `role "system" takes a string value only, got ${actual}`, {
      field: 'value',
      rule: 'system-string',
      actual,
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
    throw fragmentError('FRAGMENT_INVALID', location, id, `field "value" must be a string or a plain JSON record, got ${actual}`, {
      field: 'value',
      rule: 'string-or-record',
      actual,
    });
  }
  try {
    return JSON.stringify(snapshotJsonRecord(value as object));
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
}
