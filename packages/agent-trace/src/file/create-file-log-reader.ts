import type { FileHandle } from 'node:fs/promises';
import type { LogPage, LogReadRequest, ReflectionLogReader } from '@jangts/agent-types';
import { logFailure, throwIfAborted } from '../errors.js';
import { parseLogReadRequest } from '../log-read-request.js';
import { abortable } from './abortable.js';
import { encodeLogCursor } from './log-cursor.js';
import { readTracePage } from './read-trace-page.js';
import type { TraceWriter } from './trace-writer.js';
import type { TraceWriterPool } from './trace-writer-pool.js';
import { readCursorPrefix, verifyLogCursor } from './verify-log-cursor.js';

/** What the reader needs from its store. */
export interface FileLogReaderContext {
  readonly pool: TraceWriterPool;
  readonly maxScanBytesPerPage: number;
  /** Throws `LOG_FAILED` once the store is closed. */
  assertOpen(operation: string): void;
}

interface OpenedTrace {
  readonly handle: FileHandle;
  /** File size once every earlier queued record of the trace was written. */
  readonly size: number;
}

const OPERATION = 'reading the log';

/**
 * The store's `ReflectionLogReader`. A read first waits for the trace's queued records
 * (read-your-writes), opens the file between two appends of any process (refusing links and
 * files the store did not create) and takes its size as the end of the page, then reads from
 * the cursor's offset without blocking further appends.
 */
export function createFileLogReader(context: FileLogReaderContext): ReflectionLogReader {
  return {
    async read(request: LogReadRequest): Promise<LogPage> {
      const { traceId, types: typeList, cursor, limit, signal } = parseLogReadRequest(request);
      const types = typeList === undefined || typeList.length === 0 ? undefined : new Set(typeList);
      context.assertOpen('read');
      throwIfAborted(signal, OPERATION);
      const snapshot = context.pool.withTrace(traceId, (writer) => openTrace(writer, signal));
      const opened = await abortable(snapshot, signal, OPERATION, (late) => {
        if (late !== undefined) void late.handle.close().catch(() => undefined);
      });
      if (opened === undefined) {
        return { records: [], complete: false, gaps: [`trace "${traceId}" has no log file`] };
      }
      try {
        const { handle, size } = opened;
        const offset = cursor === undefined ? 0 : await verifyLogCursor(handle, traceId, cursor, size);
        const page = await readTracePage({
          handle,
          traceId,
          offset,
          end: size,
          limit,
          types,
          maxScanBytes: context.maxScanBytesPerPage,
          signal,
        });
        const reachedEnd = page.nextOffset >= size;
        const next = reachedEnd ? undefined : encodeLogCursor(traceId, page.nextOffset, await readCursorPrefix(handle, page.nextOffset));
        return {
          records: page.records,
          ...(next === undefined ? {} : { cursor: next }),
          complete: reachedEnd && page.gaps.length === 0,
          gaps: page.gaps,
        };
      } catch (error) {
        throw logFailure(error, `could not read trace "${traceId}"`, { traceId });
      } finally {
        await opened.handle.close().catch(() => undefined);
      }
    },
  };
}

async function openTrace(writer: TraceWriter, signal: AbortSignal): Promise<OpenedTrace | undefined> {
  throwIfAborted(signal, OPERATION);
  try {
    const opened = await writer.openForReading();
    return opened === undefined ? undefined : { handle: opened.file, size: opened.stats.size };
  } catch (error) {
    throw logFailure(error, `could not open the log file of trace "${writer.traceId}"`, { traceId: writer.traceId });
  }
}
