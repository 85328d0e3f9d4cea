import type { LogPage, LogReadRequest, ReflectionLogReader, SubFlowLog } from '@jangts/agent-types';
import type { LogPruneOptions } from './log-prune-options.js';
import type { TraceListRequest } from './trace-list-request.js';

/** One trace a store holds, as {@link TraceReader.list} gives it. */
export interface TraceSummary {
  readonly traceId: string;
  /** When the trace was last written, ISO 8601 in UTC (`2024-05-01T10:00:00.000Z`). */
  readonly updatedAt: string;
}

/** One page of {@link TraceReader.list}. */
export interface TraceList {
  /** At most `limit` traces, in ascending order of trace id (UTF-16 code units, as `Array.prototype.sort`). */
  readonly traces: readonly TraceSummary[];
  /** Continuation cursor; absent when no trace sorts after the last one of this page now. */
  readonly cursor?: string | undefined;
}

/** What {@link TraceStore.prune} did. */
export interface LogPruneResult {
  /** Trace ids deleted, least recently written first. */
  readonly deleted: readonly string[];
  /** Trace ids the rules chose but that had records waiting to be written (or were written meanwhile), so were kept. */
  readonly skipped: readonly string[];
  /** Bytes freed, as the store counts the size of a trace. */
  readonly deletedBytes: number;
  /** Bytes of the traces left in the store. */
  readonly remainingBytes: number;
}

/**
 * The reading side of a trace store: one trace's records page by page, and the traces it holds.
 * A store hands it to reflection (`defineReflectionLogSource`) as its `ReflectionLogReader`.
 */
export interface TraceReader extends ReflectionLogReader {
  /**
   * One page of the records of `request.traceId`.
   *
   * - The request is read through `LogReadRequestSchema` (`INPUT_INVALID` naming the field).
   * - Records come in `seq` order: `seq` starts at 0 for a new trace and rises by exactly one per
   *   record (a record whose write failed takes no `seq`). The records one store wrote are in the
   *   order of their `record()` calls; so the records of one flow are, whichever processes or
   *   instances wrote the trace. Never a record of another trace.
   * - Read-your-writes: every record whose `record()` returned on this store before `read` was
   *   called is in the pages (the read waits for them).
   * - At most `limit` records, only of `types` when given (an empty list means every type). A page
   *   may hold fewer (even none) and still carry a `cursor`: each page's cost is bounded.
   * - `cursor` continues after the last record the page consumed, whatever is appended meanwhile;
   *   its cost is proportional to the page, never to the trace (O(page)). It is absent when the
   *   page reached the end of the trace as it was when the read began; `complete` is true only then,
   *   and only when `gaps` is empty.
   * - A cursor is opaque and valid only for the trace and the store that gave it, and only while
   *   the trace is not deleted (`prune`): an altered one, one of another trace or store, or one of
   *   a deleted trace is `INPUT_INVALID` (field `cursor`).
   * - `gaps` name, for a person, what the store itself left unreadable: a write cut short by a
   *   crash. A stored record that is not as the store wrote it (broken JSON, not a record, a record
   *   of another trace, a `seq` out of order or missing) rejects with `LOG_FAILED` naming the
   *   trace: it is never skipped silently.
   * - A trace the store holds no record of reads as `{ records: [], complete: false }` with one
   *   gap saying so (a typo cannot be told from a trace that has not started).
   * - A fired `signal` rejects with `ABORTED`; after `close()` the read rejects with `LOG_FAILED`.
   */
  read(request: LogReadRequest): Promise<LogPage>;
  /**
   * One page of the traces the store holds (those with at least one record, including records
   * recorded on this store before the call), in ascending order of trace id, each once across the
   * pages. The request is read through `TraceListRequestSchema` (`INPUT_INVALID` naming the field).
   * The cursor continues after the last trace id of its page (a trace created meanwhile appears when
   * its id sorts after it) and is valid only for the store that gave it (`INPUT_INVALID`, field
   * `cursor`, otherwise). A fired `signal` rejects with `ABORTED`; after `close()`, `LOG_FAILED`.
   */
  list(request: TraceListRequest): Promise<TraceList>;
}

/**
 * The contract of a trace store: a `SubFlowLog` per flow of a trace for writing, a
 * {@link TraceReader} over the same traces, and explicit flush, shutdown and retention. The file
 * store (`@jangts/agent-trace/file`) implements it; `describeTraceStoreConformance`
 * (`@jangts/agent-trace/conformance`) is the suite every implementation passes.
 */
export interface TraceStore {
  /**
   * Opens a new root flow of `traceId` with a fresh flow id and records its `flow.start`
   * (`{ name }`; no data without a name). The flow's `record(type, data)` is synchronous: it reads
   * `type` (`RecordTypeSchema`) and `data` (`RecordDataSchema`) once, refusing them with
   * `INPUT_INVALID` naming the field (as it refuses a record over the store's own size limit), and
   * queues the record; a refused record takes no `seq`. Its `child(name)` opens a flow below it
   * (`flow.start` with `{ parentFlowId, name? }`). Write failures never throw from `record()`: they
   * are reported by `flush()` and `close()`. `INPUT_INVALID` for a trace id outside `TraceIdSchema`
   * or a name outside `FlowNameSchema`; `LOG_FAILED` for `open`, `record` and `child` after `close()`.
   */
  open(traceId: string, name?: string): SubFlowLog;
  /** Reads the store's traces; see {@link TraceReader}. */
  readonly reader: TraceReader;
  /**
   * Resolves once every record recorded before the call is written (durable as far as the store
   * promises: a file store's records survive a crash of the process). Rejects once with `LOG_FAILED`
   * summarising the writes that failed since the last flush (`details.lostRecords`: exactly the
   * records not stored).
   */
  flush(): Promise<void>;
  /**
   * Refuses new records, waits for reads in flight, flushes and releases what the store holds.
   * Rejects like `flush()` when writes failed; returns the same promise when called again. After
   * it `flush()` resolves and every other call is `LOG_FAILED`.
   */
  close(): Promise<void>;
  /**
   * Deletes traces last written more than `olderThanMs` ago, then the least recently written until
   * all traces total at most `maxTotalBytes`. Never deletes a record recorded before the call: a
   * trace with records waiting to be written is kept (and in `skipped` when the rules chose it). A
   * deleted trace written again starts at `seq` 0, and its cursors of before are `INPUT_INVALID`.
   * Options are read through `LogPruneOptionsSchema` (`INPUT_INVALID`).
   */
  prune(options: LogPruneOptions): Promise<LogPruneResult>;
}
