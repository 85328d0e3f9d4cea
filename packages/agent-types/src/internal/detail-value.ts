import type { JsonValue } from '../json-value.js';
import { describeValue } from './describe-value.js';

/** Longest string `details.actual` carries as it is. */
const MAX_ACTUAL_CHARS = 200;

/**
 * A value as `details.actual` carries it: the value itself when JSON holds it as it is (a finite
 * number other than `-0`, a boolean, `null`, a string of at most 200 code
 * units), else its description (`'NaN'`, `'a BigInt'`, `'an array'`, a long string quoted and cut).
 */
export function detailValue(value: unknown): JsonValue {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : describeValue(value);
    case 'boolean':
      return value;
    case 'string':
      return value.length <= MAX_ACTUAL_CHARS ? value : describeValue(value);
    case 'object':
      return value === null ? null : describeValue(value);
    case 'bigint':
    case 'function':
    case 'symbol':
    case 'undefined':
      return describeValue(value);
  }
}
