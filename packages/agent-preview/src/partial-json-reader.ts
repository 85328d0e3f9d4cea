import type { JsonValue } from '@jangts/agent-types';
import * as Type from '@jangts/agent-types/internal/type';
import { JsonPathPatternSchema, type JsonPathPattern, type JsonPathSegment } from './json-path-pattern.js';

/** `partial`: more input may follow; `complete`: the root value is closed; `error`: the input is not JSON. */
export type PartialJsonStatus = 'partial' | 'complete' | 'error';

/** Why and where the input stopped being JSON. */
export interface PartialJsonSyntaxError {
  /** Offset (UTF-16 code units from the start of the whole stream) of the offending character. */
  readonly offset: number;
  /** What was expected and what came instead. */
  readonly message: string;
}

/**
 * The state of one string value at a requested path after a {@link PartialJsonReader.write}.
 * Patches with the same `id` are successive states of the same string.
 */
export interface PartialJsonPatch {
  /** Position of this string among the reported strings of the document, in stream order: 0, 1, 2, … */
  readonly id: number;
  /** Where the string is: object keys and array indices from the root (`[]` for a root string). */
  readonly path: readonly JsonPathSegment[];
  /** Index of the first requested path that matched, or `-1` when the reader reports every string. */
  readonly pathIndex: number;
  /**
   * The decoded text so far. Escapes are decoded; an escape not yet complete is left out, and so
   * is a trailing high surrogate until its low half arrives, so it never shows a half-decoded
   * character or a split surrogate pair. It only ever grows.
   */
  readonly value: string;
  /** True once the closing quote has been read: `value` is final. */
  readonly complete: boolean;
}

/** Options of {@link createPartialJsonReader}. */
export interface PartialJsonReaderOptions {
  /**
   * Paths whose string values are reported as patches; `*` matches any array index. Omitted:
   * every string value in the document (object keys are never reported). `[]`: none.
   */
  readonly paths?: readonly JsonPathPattern[] | undefined;
  /**
   * Build the best-effort partial value of the whole document as it streams, for
   * {@link PartialJsonReader.value}. Default `true`. With `false` the reader keeps no tree and
   * decodes only the strings it reports, and `value()` returns `undefined`.
   */
  readonly value?: boolean | undefined;
}

/** Schema of {@link PartialJsonReaderOptions}: `paths` a list of {@link JsonPathPatternSchema | path patterns}, `value` a boolean. */
export const PartialJsonReaderOptionsSchema = /* @__PURE__ */ Type.Object(
  { paths: /* @__PURE__ */ Type.Optional(/* @__PURE__ */ Type.Array(JsonPathPatternSchema)), value: /* @__PURE__ */ Type.Optional(/* @__PURE__ */ Type.Boolean()) },
  { additionalProperties: false },
);

/** An incremental JSON reader: feed it chunks, get patches of the string values you asked for. */
export interface PartialJsonReader {
  /**
   * Reads the next chunk and returns one patch for each requested string that was opened, grew
   * or completed in it, in stream order (an empty list when none did). Never throws on bad JSON:
   * the reader switches to the `error` status and ignores further input. Each character is
   * examined once; earlier input is never re-read.
   *
   * @throws AgentCoreError `INPUT_INVALID` when `chunk` is not a string.
   */
  write(chunk: string): readonly PartialJsonPatch[];
  /**
   * The best-effort value of the longest prefix of the input that could still begin a JSON
   * document: open containers are closed, a string in progress is cut to its decoded text so far,
   * a number to its last digit, a literal completed (`tru` → `true`); a key without a value yet is
   * left out; `undefined` when no value has started (empty input, a lone `-`). After an error it
   * stays the value read up to the error.
   *
   * The tree is built as the input streams, so this costs O(1); it returns the reader's own live
   * objects, which later writes keep updating: copy them (`structuredClone`) to keep a snapshot,
   * and do not mutate them. `undefined` when the reader was created with `value: false`.
   */
  value(): JsonValue | undefined;
  /**
   * Declares the input finished. A number still open at the root completes (`12` alone is only
   * known to be complete at the end); a document still open stays `partial`, meaning truncated,
   * and keeps its best-effort value. A later `write` is an error.
   */
  end(): void;
  /** Whether the document is still open, complete, or not JSON. */
  readonly status: PartialJsonStatus;
  /** The syntax error once `status` is `error`. */
  readonly error: PartialJsonSyntaxError | undefined;
}
