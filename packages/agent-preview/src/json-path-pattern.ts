import { AgentCoreError, type JsonObject } from '@jangts/agent-types';

/**
 * A requested JSON path: object keys and array indices from the root, where the segment `*`
 * matches any array index (never an object key) and a decimal segment such as `'0'` matches that
 * array index as well as the object key `'0'`.
 */
export type JsonPathPattern = readonly string[];

/** One segment of a compiled pattern. */
interface CompiledSegment {
  /** The segment as written. */
  readonly key: string;
  /** The array index it names, `-1` for a key that is not a decimal index, `-2` for `*`. */
  readonly index: number;
}

/** A pattern prepared for matching. */
export type CompiledPattern = readonly CompiledSegment[];

const WILDCARD = -2;
const decimalIndex = /^(?:0|[1-9][0-9]*)$/;

/** Compiles validated patterns for {@link segmentMatches}. */
export function compilePatterns(patterns: readonly JsonPathPattern[]): CompiledPattern[] {
  return patterns.map((pattern) =>
    pattern.map((key) => ({
      key,
      index: key === '*' ? WILDCARD : decimalIndex.test(key) && Number.isSafeInteger(Number(key)) ? Number(key) : -1,
    })),
  );
}

/** Whether one compiled segment matches an object key (`isIndex` false) or an array index. */
export function segmentMatches(segment: CompiledSegment, isIndex: boolean, key: string, index: number): boolean {
  if (isIndex) return segment.index === WILDCARD || segment.index === index;
  return segment.index !== WILDCARD && segment.key === key;
}

/**
 * Checks one path pattern: a non-empty array of non-empty strings, where `*` may only stand
 * alone as a whole segment (and not at all when `allowWildcard` is false, for a `when` path).
 * Throws `CONFIG_INVALID` naming `field` and the offending segment.
 *
 * @param rule - index of the preview rule being checked, added to the error details.
 */
export function assertPathPattern(value: unknown, field: string, allowWildcard = true, rule?: number): asserts value is JsonPathPattern {
  if (!Array.isArray(value) || value.length === 0) {
    throw configInvalid(field, `${field} must be a non-empty array of path segments`, rule);
  }
  // An index loop, not forEach: a hole in a sparse array is a missing segment, not a skipped one.
  for (let position = 0; position < value.length; position++) {
    const segment: unknown = value[position];
    const segmentField = `${field}[${position}]`;
    if (typeof segment !== 'string' || segment.length === 0) {
      throw configInvalid(segmentField, `${segmentField} must be a non-empty string`, rule);
    }
    if (segment.includes('*') && (segment !== '*' || !allowWildcard)) {
      const why = allowWildcard ? '`*` may only stand alone, as an array-index wildcard' : 'a wildcard is not allowed here';
      throw configInvalid(segmentField, `${segmentField} is ${JSON.stringify(segment)}: ${why}`, rule);
    }
  }
}

/** A `CONFIG_INVALID` error naming `field` (and the rule index when there is one). */
export function configInvalid(field: string, message: string, rule?: number, extra: JsonObject = {}): AgentCoreError {
  return new AgentCoreError('CONFIG_INVALID', message, { details: rule === undefined ? { field, ...extra } : { field, rule, ...extra } });
}
