import type { LogReadRequest, SubFlowLog } from '@jangts/agent-types';
import { AppendFailures } from '../append-failures.js';
import { postgresStoreClosedError, queueFullError, recordTooLargeError, recordTypeTextError } from '../errors.js';
import { parseLogPruneOptions } from '../log-prune-options.js';
import { openSubFlowLog, type FlowWriter } from '../open-sub-flow-log.js';
import { parseRecordData } from '../record-data.js';
import { parseRecordType } from '../record-type.js';
import type { TraceListRequest } from '../trace-list-request.js';
import type { LogPruneResult } from '../trace-store.js';
import { createPostgresTraceReader } from './create-postgres-trace-reader.js';
import { migrateRecordsTable } from './migrate-records-table.js';
import type { PendingRow } from './pending-row.js';
import type { PostgresTraceStore } from './postgres-trace-store.js';
import { parsePostgresTraceStoreOptions, type PostgresTraceStoreOptions } from './postgres-trace-store-options.js';
import { prunePostgresTraces } from './prune-postgres-traces.js';
import { recordsTableSql } from './records-table.js';
import { TraceWriteQueues } from './trace-write-queues.js';
import { UNSTORABLE_TEXT } from './unstorable-text.js';
import { utf8Length } from './utf8-length.js';
import { writeTraceBatch } from './write-trace-batch.js';

/** Widest sequence number in decimal digits (`Number.MAX_SAFE_INTEGER`), allowed for in size checks. */
const MAX_SEQ_DIGITS = 16;

/** The part of a flow's records fixed when it opens. */
interface FlowHead {
  readonly traceId: string;
  readonly flowId: string;
  /** UTF-8 bytes of `{"traceId":…,"flowId":…,"seq":` in the record's JSON line. */
  readonly bytes: number;
}

/** UTF-8 bytes of `,"at":…,"type":…,"data":…}` in the record's JSON line (the newline aside, as the file store counts it). */
function tailBytes(at: string, type: string, data: string | null): number {
  return 17 + at.length + utf8Length(JSON.stringify(type)) + (data === null ? 0 : 8 + utf8Length(data));
}

/**
 * Creates a PostgreSQL trace store over the App's `pg` Pool: one table of records (call
 * `await store.migrate()` once to create it), a `SubFlowLog` per flow (`open(traceId)` for a root
 * flow, `child()` below it) and a `ReflectionLogReader` over the same table, for every App instance
 * that shares the database.
 *
 * `record()` reads its arguments through the door synchronously (`INPUT_INVALID`: empty or
 * over-long type, a type with NUL or a lone surrogate, data that is not plain JSON, a record over
 * `maxRecordBytes`) and queues; one queue per trace writes batches in order, each one transaction
 * holding the trace's advisory lock. Options are checked here (`CONFIG_INVALID`). Runtime-neutral:
 * it imports no Node built-in (and not `pg` itself: the App passes its pool).
 *
 * @example
 * import pg from 'pg';
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * const store = createPostgresTraceStore({ pool });
 * await store.migrate();
 * const log = store.open('run-1', 'reply');
 * log.record('model.start', { stageId: 'reply' });
 * const page = await store.reader.read({ traceId: 'run-1', limit: 100, signal: AbortSignal.timeout(5000) });
 * await store.close();
 * await pool.end();
 */
export function createPostgresTraceStore(options: PostgresTraceStoreOptions): PostgresTraceStore {
  const config = parsePostgresTraceStoreOptions(options);
  const { pool, table, maxRecordBytes, maxQueuedBytes, onError } = config;
  const sql = recordsTableSql(table);
  const failures = new AppendFailures();
  const queues = new TraceWriteQueues(async (traceId, rows) => {
    const error = await writeTraceBatch({ pool, sql, attempts: config.writeAttempts }, traceId, rows);
    if (error === undefined) return;
    failures.add(error);
    try {
      onError?.(error);
    } catch {
      // The App's callback failed; the failure is still reported by flush() and close().
    }
  });
  const running = new Set<Promise<unknown>>();
  let closing: Promise<void> | undefined;

  const assertOpen = (operation: string): void => {
    if (closing !== undefined) throw postgresStoreClosedError(operation, table);
  };

  const track = <TResult>(operation: () => Promise<TResult>): Promise<TResult> => {
    const started = operation();
    running.add(started);
    const forget = (): void => {
      running.delete(started);
    };
    started.then(forget, forget);
    return started;
  };

  const writer: FlowWriter<FlowHead> = {
    begin: (traceId, flowId) => ({ traceId, flowId, bytes: utf8Length(`{"traceId":${JSON.stringify(traceId)},"flowId":${JSON.stringify(flowId)},"seq":`) }),
    append(head, typeArgument, data) {
      assertOpen('record');
      const type = parseRecordType(typeArgument);
      if (UNSTORABLE_TEXT.test(type)) throw recordTypeTextError();
      const json = data === undefined ? null : JSON.stringify(parseRecordData(data));
      const at = new Date().toISOString();
      const bytes = head.bytes + tailBytes(at, type, json);
      if (bytes + MAX_SEQ_DIGITS > maxRecordBytes) throw recordTooLargeError(bytes + MAX_SEQ_DIGITS, maxRecordBytes);
      if (queues.queuedBytes + bytes > maxQueuedBytes) throw queueFullError(type, queues.queuedBytes, maxQueuedBytes);
      const row: PendingRow = { flowId: head.flowId, at, type, data: json, bytes };
      queues.enqueue(head.traceId, row);
    },
  };

  const flush = async (): Promise<void> => {
    await queues.settled();
    const failure = failures.take();
    if (failure !== undefined) throw failure;
  };

  const prune = async (pruneOptions: unknown): Promise<LogPruneResult> => {
    const rules = parseLogPruneOptions(pruneOptions);
    assertOpen('prune');
    // Taken before listing: records queued now may be written before or after the listing, and are kept either way.
    return prunePostgresTraces(pool, sql, rules, queues.busyTraces());
  };

  const reader = createPostgresTraceReader({ pool, sql, queues, maxScanRecordsPerPage: config.maxScanRecordsPerPage, assertOpen });

  return Object.freeze({
    table,
    migrate: () =>
      track(async () => {
        assertOpen('migrate');
        await migrateRecordsTable(pool, sql);
      }),
    reader: Object.freeze({
      read: (request: LogReadRequest) => track(() => reader.read(request)),
      list: (request: TraceListRequest) => track(() => reader.list(request)),
    }),
    open(traceId: string, name?: string): SubFlowLog {
      assertOpen('open a trace');
      return openSubFlowLog(writer, traceId, name);
    },
    flush,
    close(): Promise<void> {
      closing ??= (async () => {
        await Promise.allSettled([...running]);
        await flush();
      })();
      return closing;
    },
    prune: (pruneOptions: unknown) => track(() => prune(pruneOptions)),
  });
}
