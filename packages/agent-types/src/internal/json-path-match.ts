/* Matching streamed JSON positions against requested paths (the incremental JSON reader's patterns). */

/** One step of a concrete JSON path: an object key or an array index. */
export type JsonPathStep = string | number;

/** One segment of a compiled pattern. */
export interface CompiledSegment {
  /** The segment as written. */
  readonly key: string;
  /** The array index it names, `-1` for a key that is not a decimal index, `-2` for `*`. */
  readonly index: number;
}

/** A pattern prepared for matching. */
export type CompiledPattern = readonly CompiledSegment[];

const WILDCARD = -2;
const decimalIndex = /^(?:0|[1-9][0-9]*)$/;

/**
 * Compiles path patterns (object keys and array indices from the root, `*` for any array index,
 * a decimal segment matching that index as well as that key) for {@link segmentMatches}.
 */
export function compilePatterns(patterns: readonly (readonly string[])[]): CompiledPattern[] {
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
