import type { LogPruneOptions } from '../log-prune-options.js';
import { pruneTraces, type StoredTrace } from '../prune-traces.js';
import type { LogPruneResult } from '../trace-store.js';
import { inLockedTransaction, withConnection } from './postgres-connection.js';
import { queryFailure } from './postgres-failure.js';
import type { PostgresPool } from './postgres-pool.js';
import type { RecordsTableSql } from './records-table.js';

/** A trace as prune found it: its last record's seq (it is deleted only if that is still the last). */
interface ListedTrace extends StoredTrace {
  readonly lastSeq: string;
}

/**
 * Applies the retention rules to the table's traces: every trace (a loose index scan of the key)
 * with its last record's time and the trace's size (a running total kept on each row), least
 * recently written first. A trace in `busy` (records of this store waiting) is kept; any other is
 * deleted in a transaction holding its lock, and only if its last record is still the one listed,
 * so a trace written meanwhile by any store is kept too.
 */
export async function prunePostgresTraces(pool: PostgresPool, sql: RecordsTableSql, rules: LogPruneOptions, busy: ReadonlySet<string>): Promise<LogPruneResult> {
  let traces: ListedTrace[];
  try {
    const rows = await withConnection(pool, (query) => query(sql.traces, ['', null]));
    traces = rows.map(([traceId, at, lastSeq, bytes]) => ({ traceId: String(traceId), modifiedMs: Date.parse(String(at)), lastSeq: String(lastSeq), bytes: Number(bytes) }));
  } catch (error) {
    throw queryFailure(error, sql.table, `could not list the traces of table "${sql.table}"`);
  }
  traces.sort((a, b) => a.modifiedMs - b.modifiedMs || (a.traceId < b.traceId ? -1 : 1));
  return pruneTraces(traces, rules, Date.now(), async (trace) => {
    if (busy.has(trace.traceId)) return false;
    try {
      const [[deleted] = []] = await inLockedTransaction(pool, sql.lock, sql.lockName(trace.traceId), (query) => query(sql.deleteTrace, [trace.traceId, trace.lastSeq]));
      return deleted !== '0';
    } catch (error) {
      throw queryFailure(error, sql.table, `could not delete trace "${trace.traceId}"`, { traceId: trace.traceId });
    }
  });
}
