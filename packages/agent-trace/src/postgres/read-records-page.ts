import type { LogPage, LogRecord } from '@jangts/agent-types';
import { storedRowError } from '../errors.js';
import { readStoredRow } from './read-stored-row.js';
import { encodeRowCursor, verifyRowCursor } from './row-cursor.js';

/** What {@link readRecordsPage} makes a page of. */
export interface RecordsPageQuery {
  readonly traceId: string;
  readonly table: string;
  /** The cursor given, or `undefined` from the start. */
  readonly cursor: string | undefined;
  /** The seq the cursor claims to continue after (-1 from the start). */
  readonly after: number;
  readonly limit: number;
  /** Rows the query looked at, at most. */
  readonly look: number;
}

/**
 * The page of the rows the page query gave (`[anchor, seq, flow_id, at, type, data, step, wanted,
 * last, looked]`, one row of nulls but the anchor when it looked at none). Checks the cursor
 * against the trace's anchor first (`INPUT_INVALID`); then takes the wanted rows up to `limit`,
 * failing with `LOG_FAILED` at a row whose seq does not follow the one before it (a row removed,
 * moved or edited) before the page ends. The cursor goes on after the last row the page consumed:
 * its last record when it is full, else the last row it looked at; none when that was the end.
 */
export async function readRecordsPage(query: RecordsPageQuery, rows: readonly unknown[][]): Promise<LogPage> {
  const { traceId, table, cursor, after, limit, look } = query;
  const anchor = rows[0]?.[0];
  if (anchor !== null && typeof anchor !== 'string') throw storedRowError(traceId, table, '0', 'has no flow id');
  if (cursor !== undefined) await verifyRowCursor(traceId, cursor, after, anchor);
  const records: LogRecord[] = [];
  let end: string | undefined;
  let more = false;
  for (const row of rows) {
    const [, seq, flowId, at, type, data, step, wanted, last, looked] = row;
    if (typeof seq !== 'string') break; // it looked at no row
    if (step !== '1') {
      const expected = Number(seq) - Number(step) + 1;
      throw storedRowError(traceId, table, seq, `does not follow the record before it (seq ${Number.isSafeInteger(expected) ? expected : '?'} expected: a record removed, moved or edited)`);
    }
    const full = wanted === 't' && records.push(readStoredRow(traceId, table, seq, flowId, at, type, data)) === limit;
    if (full || last === 't') {
      end = seq;
      // Past the last row looked at there may be more when it looked at all it could.
      more = last !== 't' || Number(looked) >= look;
      if (full) break;
    }
  }
  if (end === undefined && cursor === undefined) return { records, complete: false, gaps: [`trace "${traceId}" has no records in table "${table}"`] };
  if (!more || end === undefined) return { records, complete: true, gaps: [] };
  if (anchor === null) throw storedRowError(traceId, table, '0', 'is missing (the first record of the trace)');
  return { records, cursor: await encodeRowCursor(traceId, Number(end), anchor), complete: false, gaps: [] };
}
