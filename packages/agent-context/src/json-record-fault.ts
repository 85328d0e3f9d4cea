import type { JsonValue } from '@jangts/agent-types';
import type { JsonPathSegment } from './json-path.js';

/**
 * Why a record is not plain JSON, raised inside the record walk and turned into a
 * `FRAGMENT_INVALID` by the caller, which knows the fragment.
 */
export class JsonRecordFault extends Error {
  /** Keys and indexes from the record down to the offending value. */
  readonly segments: readonly JsonPathSegment[];
  /** What is wrong, phrased to follow the path: `is a function`. */
  readonly problem: string;
  /** Stable rule name for `details.rule`. */
  readonly rule: string;
  /** The limit broken, when there is one. */
  readonly limit: JsonValue | undefined;

  constructor(segments: readonly JsonPathSegment[], problem: string, rule: string, limit?: JsonValue, cause?: unknown) {
    super(problem, cause === undefined ? undefined : { cause });
    this.name = 'JsonRecordFault';
    this.segments = segments;
    this.problem = problem;
    this.rule = rule;
    this.limit = limit;
  }
}
