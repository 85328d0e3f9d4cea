import type { FileHandle } from 'node:fs/promises';
import type { LogRecord } from '@jangts/agent-types';
import { storedRecordError, throwIfAborted } from '../errors.js';
import { MAX_LINE_BYTES, NEWLINE, READ_CHUNK_BYTES, TORN_LINE_MARK } from './read-limits.js';
import { readStoredRecord } from './read-stored-record.js';

/** One page to read from an open trace file. */
export interface TracePageRequest {
  readonly handle: FileHandle;
  readonly traceId: string;
  /** Byte offset to start at: 0, or just after a newline (a verified cursor). */
  readonly offset: number;
  /** The `seq` the first record at `offset` must have: 0 at the start, the cursor's otherwise. */
  readonly nextSeq: number;
  /** Bytes of the file that are complete (its size when the read began); nothing after is read. */
  readonly end: number;
  readonly limit: number;
  /** Record types to return; `undefined` returns every type. */
  readonly types: ReadonlySet<string> | undefined;
  /** Stop after the line that brings the bytes scanned to this many, even with fewer than `limit` records. */
  readonly maxScanBytes: number;
  readonly signal: AbortSignal;
}

/** What a page read found. */
export interface TracePage {
  readonly records: LogRecord[];
  /** Offset just after the last line consumed; equals `end` when the page reached it. */
  readonly nextOffset: number;
  /** The `seq` the next record must have (one more than the last record consumed, matching or not). */
  readonly nextSeq: number;
  /** Lines torn by a crash, described for a person. */
  readonly gaps: string[];
}

/**
 * Reads records from `offset`, one bounded chunk at a time, until `limit` matching records,
 * `maxScanBytes` scanned, or `end`. Cost is proportional to the bytes scanned, never to the file.
 * Every record's `seq` must be the one after the previous record's: the file store writes them so,
 * whichever processes append. A line torn by a crash (the unterminated last line, or a line an
 * append ended with `TORN_LINE_MARK`) is reported as a gap; blank lines are passed over. Any other
 * line that is not the next record of the trace (not JSON, not a record, another trace's record, a
 * `seq` out of order or missing, longer than 1 MiB) fails the read with `LOG_FAILED`.
 */
export async function readTracePage(request: TracePageRequest): Promise<TracePage> {
  const { handle, traceId, offset, end, limit, types, maxScanBytes, signal } = request;
  const records: LogRecord[] = [];
  const gaps: string[] = [];
  const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
  let pieces: Buffer[] = [];
  let pieceBytes = 0;
  let position = offset;
  let lineStart = offset;
  let nextSeq = request.nextSeq;

  const consume = (line: Buffer | undefined, lineEnd: number): void => {
    if (line === undefined) throw storedRecordError(traceId, lineStart, lineEnd, `is longer than ${MAX_LINE_BYTES} bytes`);
    if (line.length === 0) return;
    if (line[line.length - 1] === TORN_LINE_MARK) {
      gaps.push(`trace "${traceId}": bytes ${lineStart}-${lineEnd} are a line torn by a crash (ended by a later append); skipped`);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(line.toString('utf8'));
    } catch {
      throw storedRecordError(traceId, lineStart, lineEnd, 'is not JSON');
    }
    const record = readStoredRecord(value, traceId);
    if (typeof record === 'string') throw storedRecordError(traceId, lineStart, lineEnd, record);
    if (record.seq !== nextSeq) throw storedRecordError(traceId, lineStart, lineEnd, `has seq ${record.seq} where ${nextSeq} follows (a record removed, moved or edited)`);
    nextSeq += 1;
    if (types === undefined || types.has(record.type)) records.push(record);
  };

  while (position < end) {
    throwIfAborted(signal, 'reading the log');
    const { bytesRead } = await handle.read(buffer, 0, Math.min(READ_CHUNK_BYTES, end - position), position);
    if (bytesRead === 0) break;
    const chunk = buffer.subarray(0, bytesRead);
    let from = 0;
    while (from < bytesRead) {
      const newline = chunk.indexOf(NEWLINE, from);
      if (newline === -1) {
        pieceBytes += bytesRead - from;
        // Past the limit the line fails the read anyway: stop buffering it.
        if (pieceBytes > MAX_LINE_BYTES) pieces = [];
        else pieces.push(Buffer.from(chunk.subarray(from)));
        break;
      }
      const lineEnd = position + newline + 1;
      pieceBytes += newline - from;
      const line = pieceBytes > MAX_LINE_BYTES ? undefined : joinLine(pieces, chunk.subarray(from, newline));
      consume(line, lineEnd);
      pieces = [];
      pieceBytes = 0;
      lineStart = lineEnd;
      from = newline + 1;
      if (records.length >= limit || lineEnd - offset >= maxScanBytes) return { records, nextOffset: lineEnd, nextSeq, gaps };
    }
    position += bytesRead;
  }
  if (lineStart < end) {
    gaps.push(`trace "${traceId}": bytes ${lineStart}-${end} end without a newline (a torn last line: a write cut short by a crash); skipped`);
  }
  return { records, nextOffset: end, nextSeq, gaps };
}

function joinLine(pieces: readonly Buffer[], last: Buffer): Buffer {
  return pieces.length === 0 ? last : Buffer.concat([...pieces, last]);
}
