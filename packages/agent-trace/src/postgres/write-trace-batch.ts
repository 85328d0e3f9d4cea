import type { AgentCoreError } from '@jangts/agent-types';
import { batchWriteError } from '../errors.js';
import { connect } from './postgres-connection.js';
import { explainFailure, isRetryable, isRolledBack } from './postgres-failure.js';
import type { PostgresPool } from './postgres-pool.js';
import type { PendingRow } from './pending-row.js';
import type { RecordsTableSql } from './records-table.js';

/** What writing a batch needs. */
export interface BatchWriteContext {
  readonly pool: PostgresPool;
  readonly sql: RecordsTableSql;
  /** Tries of a batch before its records count as lost. */
  readonly attempts: number;
}

/** How one try ended. */
type Attempt =
  | { readonly outcome: 'written' }
  | { readonly outcome: 'failed'; readonly error: unknown }
  /** `COMMIT` was sent and not answered: the batch, starting at `first`, may or may not be in the table. */
  | { readonly outcome: 'in doubt'; readonly first: number; readonly error: unknown };

/** Pause before try `attempt` (from the second): 100 ms, doubling, at most 2 s. */
const pause = (attempt: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** (attempt - 2))));

/** The batch's columns, as the insert binds them: flow ids, times, types, data, and the running size within the batch. */
function columns(rows: readonly PendingRow[]): unknown[][] {
  const flowIds: string[] = [];
  const at: string[] = [];
  const types: string[] = [];
  const data: (string | null)[] = [];
  const bytes: number[] = [];
  let total = 0;
  for (const row of rows) {
    flowIds.push(row.flowId);
    at.push(row.at);
    types.push(row.type);
    data.push(row.data);
    total += row.bytes;
    bytes.push(total);
  }
  return [flowIds, at, types, data, bytes];
}

/** One try: a transaction holding the trace's lock inserts every row after the trace's last record. */
async function attempt(context: BatchWriteContext, traceId: string, values: readonly unknown[]): Promise<Attempt> {
  const { sql } = context;
  let connection;
  try {
    connection = await connect(context.pool);
  } catch (error) {
    return { outcome: 'failed', error };
  }
  let first: number | undefined;
  try {
    await connection.query('BEGIN ISOLATION LEVEL READ COMMITTED');
    await connection.query(sql.lock, [sql.lockName(traceId)]);
    const [inserted] = await connection.query(sql.insert, [traceId, ...values]);
    first = Number(inserted?.[0]);
    await connection.query('COMMIT');
  } catch (error) {
    connection.release(error);
    return first !== undefined && !isRolledBack(error) ? { outcome: 'in doubt', first, error } : { outcome: 'failed', error };
  }
  connection.release();
  return { outcome: 'written' };
}

/**
 * Whether the batch whose commit went unanswered is in the table: its first row at `first`, with
 * its flow id, type and time. Taken under the trace's lock, so a commit still under way on the
 * lost connection has ended either way. `undefined` when the look-up failed too.
 */
async function landed(context: BatchWriteContext, traceId: string, first: number, row: PendingRow): Promise<boolean | undefined> {
  const { sql } = context;
  let connection;
  try {
    connection = await connect(context.pool);
  } catch {
    return undefined;
  }
  try {
    await connection.query('BEGIN ISOLATION LEVEL READ COMMITTED');
    await connection.query(sql.lock, [sql.lockName(traceId)]);
    const [found] = await connection.query(sql.rowAt, [traceId, first]);
    await connection.query('COMMIT');
    connection.release();
    return found !== undefined && found[0] === row.flowId && found[1] === row.type && found[2] === row.at;
  } catch (error) {
    connection.release(error);
    return undefined;
  }
}

/**
 * Writes one batch of a trace, all of it or none (one transaction), after the trace's last record:
 * under the trace's advisory lock its rows take the next `seq`s, so `seq` stays unique and
 * consecutive whichever stores and processes write the trace. A try that failed before `COMMIT`
 * wrote nothing and is tried again (on another connection) while the failure is of a passing kind;
 * a `COMMIT` left unanswered is looked up first (under the lock), and tried again only when the
 * batch is not there: no record is written twice. Resolves with the `LOG_FAILED` error counting
 * the records lost when every try failed; never rejects.
 */
export async function writeTraceBatch(context: BatchWriteContext, traceId: string, rows: readonly PendingRow[]): Promise<AgentCoreError | undefined> {
  const values = columns(rows);
  const head = rows[0] as PendingRow;
  let lastError: unknown;
  let tries = 0;
  while (tries < context.attempts) {
    if (tries > 0) await pause(tries + 1);
    tries += 1;
    const result = await attempt(context, traceId, values);
    if (result.outcome === 'written') return undefined;
    lastError = result.error;
    if (result.outcome === 'in doubt') {
      let found = await landed(context, traceId, result.first, head);
      for (let look = 1; found === undefined && look < context.attempts; look += 1) {
        await pause(look + 1);
        found = await landed(context, traceId, result.first, head);
      }
      if (found === true) return undefined;
      if (found === undefined) return batchWriteError(traceId, context.sql.table, rows.length, tries, true, lastError);
    } else if (!isRetryable(result.error)) {
      break;
    }
  }
  return batchWriteError(traceId, context.sql.table, rows.length, tries, false, explainFailure(lastError, context.sql.table));
}
