import type { FileHandle } from 'node:fs/promises';
import { LogRecordSchema, type LogRecord } from '@jangts/agent-types';
import { compileSchema, type SchemaValidator } from '@jangts/agent-types/internal';
import { throwIfAborted } from '../errors.js';
import { MAX_LINE_BYTES, NEWLINE, READ_CHUNK_BYTES } from './read-limits.js';

/** One page to read from an open trace file. */
export interface TracePageRequest {
  readonly handle: FileHandle;
  readonly traceId: string;
  /** Byte offset to start at: 0, or just after a newline (a verified cursor). */
  readonly offset: number;
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
  /** Lines skipped (torn, corrupt, oversized), described for a person. */
  readonly gaps: string[];
}

let recordValidator: SchemaValidator<typeof LogRecordSchema> | undefined;

/**
 * Reads records from `offset`, one bounded chunk at a time, until `limit` matching records,
 * `maxScanBytes` scanned, or `end`. Cost is proportional to the bytes scanned, never to the
 * file. Lines that are not valid records of the trace, lines longer than 1 MiB, and a last
 * line without its newline are skipped and reported as gaps. Blank lines are skipped silently.
 */
export async function readTracePage(request: TracePageRequest): Promise<TracePage> {
  const { handle, traceId, offset, end, limit, types, maxScanBytes, signal } = request;
  recordValidator ??= compileSchema(LogRecordSchema);
  const validator = recordValidator;
  const records: LogRecord[] = [];
  const gaps: string[] = [];
  const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
  let pieces: Buffer[] = [];
  let pieceBytes = 0;
  let position = offset;
  let lineStart = offset;

  const consume = (line: Buffer | undefined, lineEnd: number): void => {
    if (line === undefined) {
      gaps.push(`trace "${traceId}": bytes ${lineStart}-${lineEnd} form a line longer than ${MAX_LINE_BYTES} bytes; skipped`);
      return;
    }
    if (line.length === 0) return;
    const record = parseRecord(line, traceId, validator);
    if (record === undefined) {
      gaps.push(`trace "${traceId}": bytes ${lineStart}-${lineEnd} are not a valid record (torn or corrupt line); skipped`);
    } else if (types === undefined || types.has(record.type)) {
      records.push(record);
    }
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
        // Past the limit the line is skipped anyway: stop buffering it.
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
      if (records.length >= limit || lineEnd - offset >= maxScanBytes) return { records, nextOffset: lineEnd, gaps };
    }
    position += bytesRead;
  }
  if (lineStart < end) {
    gaps.push(`trace "${traceId}": bytes ${lineStart}-${end} end without a newline (torn last line); skipped`);
  }
  return { records, nextOffset: end, gaps };
}

function joinLine(pieces: readonly Buffer[], last: Buffer): Buffer {
  return pieces.length === 0 ? last : Buffer.concat([...pieces, last]);
}

function parseRecord(line: Buffer, traceId: string, validator: SchemaValidator<typeof LogRecordSchema>): LogRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line.toString('utf8'));
  } catch {
    return undefined;
  }
  return validator.check(value) && value.traceId === traceId ? value : undefined;
}
