import type { ReflectionLogReader, SubFlowLog } from '@jangts/agent-types';
import type { LogPruneOptions } from './log-prune-options.js';

/** What {@link TraceStore.prune} did. */
export interface LogPruneResult {
  /** Trace ids deleted, least recently written first. */
  readonly deleted: readonly string[];
  /** Trace ids that were due but had records waiting to be written, so were kept. */
  readonly skipped: readonly string[];
  /** Bytes freed. */
  readonly deletedBytes: number;
  /** Bytes of traces left in the store. */
  readonly remainingBytes: number;
}

/**
 * The contract of a trace store: a `SubFlowLog` per flow of a trace for writing, a
 * `ReflectionLogReader` over the same traces, and explicit flush, shutdown and retention.
 */
export interface TraceStore {
  /**
   * Opens a new root flow of `traceId` (a fresh flow id) and records its `flow.start` with
   * `{ name }`. Records continue the trace's sequence when it already has records. Throws
   * `INPUT_INVALID` for a trace id that is not allowed, `LOG_FAILED` after close.
   */
  open(traceId: string, name?: string): SubFlowLog;
  /** Pages through a trace by opaque cursor. Waits for the trace's queued records first (read-your-writes). */
  readonly reader: ReflectionLogReader;
  /**
   * Resolves once every record recorded before the call is written. Rejects with `LOG_FAILED`
   * when writes failed since the last flush (each failure reported once).
   */
  flush(): Promise<void>;
  /** Refuses new records, flushes and releases what the store holds. Rejects like `flush()` when writes failed. Idempotent. */
  close(): Promise<void>;
  /** Deletes traces by age, then by total size, least recently written first; never a trace with records waiting to be written. */
  prune(options: LogPruneOptions): Promise<LogPruneResult>;
}
