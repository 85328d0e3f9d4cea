import type { AgentCoreError } from '@jangts/agent-types';
import * as Type from '@jangts/agent-types/internal/type';
import { parser, rule } from '@jangts/agent-types/internal';
import { FILE_LOG_STORE_OPTIONS_DOOR } from '../doors.js';
import { MAX_LINE_BYTES } from './read-limits.js';

/** Options of `createFileLogStore`; see {@link FileLogStoreOptionsSchema} for what is refused (`CONFIG_INVALID`). */
export interface FileLogStoreOptions {
  /**
   * The App-owned directory holding one `<trace>.jsonl` file per trace; created on first write.
   * Symbolic links on its path are resolved once, here; inside it the store follows no link.
   */
  readonly directory: string;
  /**
   * Largest record line in UTF-8 bytes, counted with the widest sequence number; a larger
   * record is refused by `record()` with `INPUT_INVALID`. 256 to 1 MiB; default 64 KiB.
   */
  readonly maxRecordBytes?: number | undefined;
  /**
   * Most bytes of records queued and not yet written, across all traces. Past it `record()`
   * throws `LOG_FAILED` rather than grow memory without bound: a tight loop should
   * `await flush()` now and then. At least `maxRecordBytes`; default 64 MiB.
   */
  readonly maxQueuedBytes?: number | undefined;
  /**
   * Most bytes one `read` scans (64 KiB to 1 GiB; default 8 MiB). With a type filter a page may
   * therefore hold fewer than `limit` records and still carry a cursor; each page stays bounded.
   */
  readonly maxScanBytesPerPage?: number | undefined;
  /**
   * Called with each append failure (`LOG_FAILED`, details `traceId`, `lostRecords` — exactly the
   * records not in the file — and `writtenRecords`), as it happens. The failures are also
   * reported by the next `flush()` or `close()`.
   */
  readonly onError?: ((error: AgentCoreError) => void) | undefined;
}

/** Default of {@link FileLogStoreOptions.maxRecordBytes}: 64 KiB. */
const DEFAULT_MAX_RECORD_BYTES = 64 * 1024;

const Bytes = (minimum: number, maximum: number) => Type.Optional(Type.Integer({ minimum, maximum }));

/**
 * Schema of {@link FileLogStoreOptions}: a non-empty `directory` without NUL; `maxRecordBytes`
 * 256 to 1 MiB; `maxQueuedBytes` at least `maxRecordBytes`; `maxScanBytesPerPage` 64 KiB to
 * 1 GiB; `onError` a function; no other key.
 */
export const FileLogStoreOptionsSchema = rule(
  Type.Object(
    {
      directory: rule(Type.String({ minLength: 1 }), (directory) =>
        directory.includes('\0') ? { rule: 'pattern', problem: 'must not contain NUL' } : undefined,
      ),
      maxRecordBytes: Bytes(256, MAX_LINE_BYTES),
      maxQueuedBytes: Bytes(256, Number.MAX_SAFE_INTEGER),
      maxScanBytesPerPage: Bytes(64 * 1024, 1024 ** 3),
      onError: Type.Optional(Type.Function([Type.Unsafe<AgentCoreError>({})], Type.Void())),
    },
    { additionalProperties: false },
  ),
  ({ maxRecordBytes = DEFAULT_MAX_RECORD_BYTES, maxQueuedBytes }) =>
    maxQueuedBytes !== undefined && maxQueuedBytes < maxRecordBytes
      ? { path: ['maxQueuedBytes'], rule: 'range', problem: `must be at least maxRecordBytes (${maxRecordBytes}) (got ${maxQueuedBytes})`, limit: maxRecordBytes, actual: maxQueuedBytes }
      : undefined,
);

/** Options of a store with defaults applied (`directory` as given: see `resolveStoreDirectory`). */
export interface ParsedFileLogStoreOptions {
  readonly directory: string;
  readonly maxRecordBytes: number;
  readonly maxQueuedBytes: number;
  readonly maxScanBytesPerPage: number;
  readonly onError: ((error: AgentCoreError) => void) | undefined;
}

const options = /* @__PURE__ */ parser(FileLogStoreOptionsSchema, {
  ...FILE_LOG_STORE_OPTIONS_DOOR,
  misuse: (value) =>
    typeof value === 'string' ? { rule: 'misuse', problem: 'is a string: pass the directory as createFileLogStore({ directory })', expected: 'an options object' } : undefined,
});

/** The options of `createFileLogStore` through the door, with defaults; `CONFIG_INVALID` naming the option and its range. */
export function parseFileLogStoreOptions(value: unknown): ParsedFileLogStoreOptions {
  const { directory, maxRecordBytes = DEFAULT_MAX_RECORD_BYTES, maxQueuedBytes = 64 * 1024 * 1024, maxScanBytesPerPage = 8 * 1024 * 1024, onError } = options.parse(value);
  return { directory, maxRecordBytes, maxQueuedBytes, maxScanBytesPerPage, onError };
}
