import { describeValue, rule } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/typebox';

/**
 * A requested JSON path: object keys and array indices from the root, where the segment `*`
 * matches any array index (never an object key) and a decimal segment such as `'0'` matches that
 * array index as well as the object key `'0'`.
 */
export type JsonPathPattern = readonly string[];

/** One step of a concrete JSON path: an object key or an array index. */
export type JsonPathSegment = string | number;

/** Schema of a {@link JsonPathPattern}: a non-empty list of non-empty segments, `*` only as a whole segment. */
export const JsonPathPatternSchema = Type.Array(
  rule(Type.String({ minLength: 1 }), (segment) =>
    segment !== '*' && segment.includes('*')
      ? { rule: 'wildcard', problem: `must be \`*\` alone (an array-index wildcard) or a key without \`*\` (got ${describeValue(segment)})`, actual: segment }
      : undefined,
  ),
  { minItems: 1 },
);

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

/** Compiles parsed patterns for {@link segmentMatches}. */
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
