import type { TraceStore } from '../trace-store.js';

/**
 * The PostgreSQL trace store: one table of records, shared by every App instance that opens a
 * store on it; a {@link TraceStore} (see its contract). On top of it: `migrate()` creates the
 * table (never implicitly); `flush()` resolves once the records are committed; several stores,
 * processes and machines may write one trace at once (a transaction per batch under the trace's
 * advisory lock keeps `seq` unique and consecutive, and each flow in order); a write that fails
 * is tried again without ever writing a record twice; `close()` leaves the App's pool open.
 */
export interface PostgresTraceStore extends TraceStore {
  /** The records table, as given (`agent_trace_records` by default). */
  readonly table: string;
  /**
   * Creates the records table and its primary key `(trace_id, seq)` unless they exist (safe to
   * call from many instances at once, and again at every start). A table of that name that
   * `migrate()` did not create is refused with `CONFIG_INVALID` (field `table`); failures to reach
   * or change the database are `LOG_FAILED`. Nothing else in the store creates or alters tables.
   */
  migrate(): Promise<void>;
}
