import type { ReflectionLogReader, SubFlowLog } from '@jangts/agent-types';
import type { LogPruneOptions } from '../log-prune-options.js';
import type { LogPruneResult, TraceStore } from '../trace-store.js';

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
