import type { LogPage, LogReadRequest } from '@jangts/agent-types';
import { abortable } from '../abortable.js';
import { storedRowError, throwIfAborted } from '../errors.js';
import { parseLogReadRequest } from '../log-read-request.js';
import { isWindowsDeviceName, MAX_TRACE_ID_LENGTH, TRACE_ID_PATTERN } from '../trace-id.js';
import { parseTraceListRequest, type TraceListRequest } from '../trace-list-request.js';
import type { TraceList, TraceReader, TraceSummary } from '../trace-store.js';
import { withConnection } from './postgres-connection.js';
import { queryFailure } from './postgres-failure.js';
import type { PostgresPool } from './postgres-pool.js';
import { readRecordsPage } from './read-records-page.js';
import type { RecordsTableSql } from './records-table.js';
import { parseRowCursor } from './row-cursor.js';
import { decodeTraceListCursor, encodeTraceListCursor } from './trace-list-cursor.js';
import type { TraceWriteQueues } from './trace-write-queues.js';
import { UNSTORABLE_TEXT } from './unstorable-text.js';

/** What the reader needs from its store. */
export interface PostgresTraceReaderContext {
  readonly pool: PostgresPool;
  readonly sql: RecordsTableSql;
  readonly queues: TraceWriteQueues;
  readonly maxScanRecordsPerPage: number;
  /** Throws `LOG_FAILED` once the store is closed. */
  assertOpen(operation: string): void;
}

const OPERATION = 'reading the log';

/** The lowest `bigint`: a page from the start looks at every row of the trace, a negative seq too. */
const LOWEST_SEQ = '-9223372036854775808';
const LIST_OPERATION = 'listing the traces';

/** Runs one read-only statement on a connection of the pool; `LOG_FAILED` (with the cause) when it fails. */
async function select(context: PostgresTraceReaderContext, text: string, values: readonly unknown[], what: string, details: Record<string, string> = {}): Promise<unknown[][]> {
  try {
    return await withConnection(context.pool, (query) => query(text, values));
  } catch (error) {
    throw queryFailure(error, context.sql.table, what, details);
  }
}

/** A listed row as a trace summary; a trace id the store could not have written is `LOG_FAILED`. */
function traceSummary(row: readonly unknown[], table: string): TraceSummary {
  const [traceId, at] = row;
  if (typeof traceId !== 'string' || traceId.length > MAX_TRACE_ID_LENGTH || !TRACE_ID_PATTERN.test(traceId) || isWindowsDeviceName(traceId) || typeof at !== 'string') {
    throw storedRowError(String(traceId).slice(0, 200), table, '?', 'has a trace id the store does not write');
  }
  return { traceId, updatedAt: at };
}

/**
 * The store's `TraceReader`. A read waits for the trace's queued records (read-your-writes), then
 * reads one page in one statement: the rows after the cursor's seq by the table's key (keyset,
 * O(page)), each checked to follow the one before it. A list waits for every queued record, then
 * walks the key's distinct trace ids after the cursor's (a loose index scan, O(page)).
 */
export function createPostgresTraceReader(context: PostgresTraceReaderContext): TraceReader {
  const { sql } = context;
  return {
    async read(request: LogReadRequest): Promise<LogPage> {
      const { traceId, types, cursor, limit, signal } = parseLogReadRequest(request);
      context.assertOpen('read');
      throwIfAborted(signal, OPERATION);
      const after = cursor === undefined ? -1 : parseRowCursor(cursor);
      // Types the table cannot hold match nothing; an empty list is every type (null).
      const wanted = types === undefined || types.length === 0 ? null : [...new Set(types)].filter((type) => !UNSTORABLE_TEXT.test(type));
      const look = wanted === null ? limit + 1 : Math.max(limit + 1, context.maxScanRecordsPerPage);
      const rows = await abortable(
        context.queues.settledFor(traceId).then(() => {
          throwIfAborted(signal, OPERATION);
          return select(context, sql.page, [traceId, cursor === undefined ? LOWEST_SEQ : after, wanted, look, limit + 1, after], `could not read trace "${traceId}"`, { traceId });
        }),
        signal,
        OPERATION,
        () => undefined,
      );
      return readRecordsPage({ traceId, table: sql.table, cursor, after, limit, look }, rows);
    },
    async list(request: TraceListRequest): Promise<TraceList> {
      const { cursor, limit, signal } = parseTraceListRequest(request);
      context.assertOpen('list traces');
      throwIfAborted(signal, LIST_OPERATION);
      const after = cursor === undefined ? '' : await decodeTraceListCursor(sql.table, cursor);
      const rows = await abortable(
        context.queues.settled().then(() => {
          throwIfAborted(signal, LIST_OPERATION);
          return select(context, sql.traces, [after, limit + 1], `could not list the traces of table "${sql.table}"`);
        }),
        signal,
        LIST_OPERATION,
        () => undefined,
      );
      const traces = rows.slice(0, limit).map((row) => traceSummary(row, sql.table));
      const last = traces.at(-1);
      return rows.length > limit && last !== undefined ? { traces, cursor: await encodeTraceListCursor(sql.table, last.traceId) } : { traces };
    },
  };
}
