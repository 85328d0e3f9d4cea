import { describeValue, detailValue, quoteText } from '@jangts/agent-types/internal';
import { isPlainRecord } from './is-plain-record.js';
import { configError } from './config-error.js';

/** The four fields of a `ContextPlanRequest`. */
export const PLAN_REQUEST_FIELDS = ['fragments', 'originalFragments', 'mutableFragmentIds', 'maxInputChars'] as const;

/** The raw values of a plan request's fields, each read once (`undefined` when absent). */
export type PlanRequestFields = Readonly<Record<(typeof PLAN_REQUEST_FIELDS)[number], unknown>>;

/**
 * Reads a plan request once: a plain object with no fields but the four. Missing fields are
 * left `undefined` for their own checks to reject.
 *
 * @throws AgentCoreError `CONFIG_INVALID` when the request is not a plain object, has an
 *   unknown field, or a field cannot be read.
 */
export function readPlanRequest(request: unknown): PlanRequestFields {
  let keys: string[] = [];
  let isPlain = typeof request === 'object' && request !== null;
  if (isPlain) {
    try {
      isPlain = isPlainRecord(request as object);
      if (isPlain) keys = Object.keys(request as object);
    } catch (cause) {
      throw configError('the plan request could not be inspected (reading it threw)', { field: 'request', rule: 'readable' }, cause);
    }
  }
  if (!isPlain) {
    const actual = describeValue(request);
    const shown = detailValue(request);
    throw configError(`the plan request must be a plain object, got ${actual}`, { field: 'request', rule: 'plain-object', actual: shown });
  }
  const unknown = keys.find((key) => !(PLAN_REQUEST_FIELDS as readonly string[]).includes(key));
  if (unknown !== undefined) {
    throw configError(`the plan request has an unknown field ${quoteText(unknown)}; it takes ${PLAN_REQUEST_FIELDS.join(', ')}`, {
      field: unknown,
      rule: 'unknown-field',
      limit: [...PLAN_REQUEST_FIELDS],
    });
  }
  const record = request as Readonly<Record<string, unknown>>;
  const read = (field: (typeof PLAN_REQUEST_FIELDS)[number]): unknown => {
    if (!keys.includes(field)) return undefined;
    try {
      return record[field];
    } catch (cause) {
      throw configError(`the plan request field "${field}" could not be read (its getter threw)`, { field, rule: 'readable' }, cause);
    }
  };
  return {
    fragments: read('fragments'),
    originalFragments: read('originalFragments'),
    mutableFragmentIds: read('mutableFragmentIds'),
    maxInputChars: read('maxInputChars'),
  };
}
