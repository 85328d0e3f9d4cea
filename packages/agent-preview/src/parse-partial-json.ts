import type { JsonValue } from '@jangts/agent-types';
import { JsonValueReader } from '@jangts/agent-types/internal/json-reader';
import { textInvalid } from './errors.js';
import type { PartialJsonStatus, PartialJsonSyntaxError } from './partial-json-reader.js';

/** What {@link parsePartialJson} makes of a possibly incomplete JSON text. */
export interface PartialJsonResult {
  /** The best-effort value (see {@link PartialJsonReader.value}); `undefined` when no value has started. */
  readonly value: JsonValue | undefined;
  /** `complete`: the text is one whole JSON value; `partial`: a prefix of one; `error`: not JSON. */
  readonly status: PartialJsonStatus;
  /** Where and why the text stopped being JSON, when `status` is `error`. */
  readonly error?: PartialJsonSyntaxError;
}

/**
 * Parses a possibly incomplete JSON text in one pass: the same result as writing it to a fresh
 * {@link createPartialJsonReader} (no paths), ending it, and asking for its value. Linear in the text; for a growing
 * stream keep one reader instead of calling this on every prefix.
 *
 * @throws AgentCoreError `INPUT_INVALID` when `text` is not a string.
 */
export function parsePartialJson(text: string): PartialJsonResult {
  if (typeof text !== 'string') throw textInvalid(text);
  const reader = new JsonValueReader([]);
  reader.write(text);
  reader.end();
  const { status, error } = reader;
  return error === undefined ? { value: reader.value(), status } : { value: reader.value(), status, error };
}
