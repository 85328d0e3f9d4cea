import { parser } from '@jangts/agent-types/internal';
import { compilePatterns, IncrementalJsonReader } from '@jangts/agent-types/internal/json-reader';
import { chunkInvalid } from './errors.js';
import { PartialJsonReaderOptionsSchema, type PartialJsonPatch, type PartialJsonReader, type PartialJsonReaderOptions } from './partial-json-reader.js';

const options = parser(PartialJsonReaderOptionsSchema, { subject: 'createPartialJsonReader options', code: 'CONFIG_INVALID', name: 'options' });

/** The reader of the public API: its `write` refuses what is not a string. */
class CheckedJsonReader extends IncrementalJsonReader implements PartialJsonReader {
  override write(chunk: string): readonly PartialJsonPatch[] {
    if (typeof chunk !== 'string') throw chunkInvalid(chunk);
    return super.write(chunk);
  }
}

/**
 * Creates an incremental JSON reader for a streamed document, such as the arguments of a tool
 * call arriving in deltas.
 *
 * The reader keeps a small state (container stack, current key and index, string, escape and
 * number progress) and never re-parses: the cost of the whole stream is linear in its length,
 * whatever the chunking. Input is strict JSON (RFC 8259): anything else puts the reader in the
 * `error` status instead of throwing.
 *
 * @throws AgentCoreError `CONFIG_INVALID` naming the field when an option is unknown or `paths`
 * is not a list of non-empty lists of non-empty strings (`*` only as a whole segment).
 */
export function createPartialJsonReader(readerOptions: PartialJsonReaderOptions = {}): PartialJsonReader {
  const { paths, value } = options.parse(readerOptions);
  return new CheckedJsonReader(paths === undefined ? undefined : compilePatterns(paths), value ?? true);
}
