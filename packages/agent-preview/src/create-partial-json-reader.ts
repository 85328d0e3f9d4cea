import { parser } from '@jangts/agent-types/internal';
import { compilePatterns, IncrementalJsonReader, JsonValueReader, type CompiledPattern, type JsonStringListener } from '@jangts/agent-types/internal/json-reader';
import { chunkInvalid } from './errors.js';
import type { JsonPathSegment } from './json-path-pattern.js';
import {
  PartialJsonReaderOptionsSchema,
  type PartialJsonPatch,
  type PartialJsonReader,
  type PartialJsonReaderOptions,
  type PartialJsonStatus,
  type PartialJsonSyntaxError,
} from './partial-json-reader.js';

const options = /* @__PURE__ */ parser(PartialJsonReaderOptionsSchema, { subject: 'createPartialJsonReader options', code: 'CONFIG_INVALID', name: 'options' });

const NO_PATCHES: readonly PartialJsonPatch[] = Object.freeze([]);

/** Collects what a reader reports during one write, as patches. */
class PatchCollector implements JsonStringListener {
  private patches: PartialJsonPatch[] | undefined;

  string(id: number, pathIndex: number, path: readonly JsonPathSegment[], value: string, complete: boolean): void {
    const patch: PartialJsonPatch = { id, path, pathIndex, value, complete };
    if (this.patches === undefined) this.patches = [patch];
    else this.patches.push(patch);
  }

  otherValue(): void {
    // Only strings make patches.
  }

  /** The patches collected since the last call. */
  take(): readonly PartialJsonPatch[] {
    const patches = this.patches ?? NO_PATCHES;
    this.patches = undefined;
    return patches;
  }
}

/** The reader of the public API: its `write` refuses what is not a string and returns the patches. */
class CheckedJsonReader implements PartialJsonReader {
  private readonly patches = new PatchCollector();
  private readonly reader: IncrementalJsonReader;

  constructor(patterns: CompiledPattern[] | undefined, keepValue: boolean) {
    this.reader = keepValue ? new JsonValueReader(patterns, this.patches) : new IncrementalJsonReader(patterns, this.patches);
  }

  write(chunk: string): readonly PartialJsonPatch[] {
    if (typeof chunk !== 'string') throw chunkInvalid(chunk);
    this.reader.write(chunk);
    return this.patches.take();
  }

  value(): ReturnType<PartialJsonReader['value']> {
    return this.reader instanceof JsonValueReader ? this.reader.value() : undefined;
  }

  end(): void {
    this.reader.end();
  }

  get status(): PartialJsonStatus {
    return this.reader.status;
  }

  get error(): PartialJsonSyntaxError | undefined {
    return this.reader.error;
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
