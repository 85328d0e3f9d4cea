import type { AgentCoreError, ReflectionLogReader, SubFlowLog } from '@jangts/agent-types';
import type { LogPruneOptions, LogPruneResult, TraceStore } from '../trace-store.js';

/** Options of {@link createFileLogStore}. Unknown keys are rejected (`CONFIG_INVALID`). */
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

/**
 * The embedded log store: append-only JSONL, one file per trace, in an App-owned directory.
 * Writing goes through {@link FileLogStore.open}'s `SubFlowLog`; reading through
 * {@link FileLogStore.reader}. Shutdown and retention are explicit calls; records still queued
 * when the process exits without `close()` are written by an `exit` hook. Several processes may
 * write one directory and one trace: a lock file per trace keeps `seq` unique and increasing.
 */
export interface FileLogStore extends TraceStore {
  /** The directory of the trace files: its absolute real path, resolved when the store was created. */
  readonly directory: string;
  /**
   * Opens a new root flow of `traceId` (a fresh flow id) and records its `flow.start` with
   * `{ name }`. Records continue the trace's sequence when its file already exists. Throws
   * `INPUT_INVALID` for a trace id that is not allowed (see the README), `LOG_FAILED` after close.
   */
  open(traceId: string, name?: string): SubFlowLog;
  /**
   * Pages through a trace by opaque cursor; see the README for `complete`, `gaps`, a missing
   * trace and cursor rules. Waits for the trace's queued records first (read-your-writes).
   */
  readonly reader: ReflectionLogReader;
  /**
   * Resolves once every record recorded before the call is handed to the file system. Rejects
   * with `LOG_FAILED` when appends failed since the last flush (each failure reported once).
   */
  flush(): Promise<void>;
  /**
   * Refuses new records, flushes, releases every file handle and the directory (another store
   * may then open it). Rejects like `flush()` when appends failed. Idempotent.
   */
  close(): Promise<void>;
  /**
   * Deletes trace files by age, then by total size, oldest first; never a trace with records
   * waiting to be written. Files that are not trace files are neither counted nor touched.
   */
  prune(options: LogPruneOptions): Promise<LogPruneResult>;
}
