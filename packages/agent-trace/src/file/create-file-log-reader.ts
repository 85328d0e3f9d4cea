import type { FileHandle } from 'node:fs/promises';
import type { LogPage, LogReadRequest } from '@jangts/agent-types';
import { logFailure, throwIfAborted } from '../errors.js';
import { parseLogReadRequest } from '../log-read-request.js';
import { parseTraceListRequest, type TraceListRequest } from '../trace-list-request.js';
import type { TraceList, TraceReader } from '../trace-store.js';
import { abortable } from '../abortable.js';
import { checkTraceDirectory } from './check-trace-directory.js';
import { listTracePage } from './list-trace-page.js';
import { encodeLogCursor } from './log-cursor.js';
import { readTracePage } from './read-trace-page.js';
import { runFileOperations } from './run-file-operations.js';
import { decodeTraceListCursor, encodeTraceListCursor } from './trace-list-cursor.js';
import type { TraceWriter } from './trace-writer.js';
import type { TraceWriterPool } from './trace-writer-pool.js';
import { readCursorPrefix, verifyLogCursor } from './verify-log-cursor.js';

/** What the reader needs from its store. */
export interface FileLogReaderContext {
  /** The store's directory, as resolved when the store was created. */
  readonly directory: string;
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
const LIST_OPERATION = 'listing the traces';

/**
 * The store's `TraceReader`. A read first waits for the trace's queued records (read-your-writes),
 * opens the file between two appends of any process (refusing links and files the store did not
 * create) and takes its size as the end of the page, then reads from the cursor's offset without
 * blocking further appends. A list waits for every queued record, then pages through the trace
 * files' names in order of trace id.
 */
export function createFileLogReader(context: FileLogReaderContext): TraceReader {
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
        const { offset, nextSeq } = cursor === undefined ? { offset: 0, nextSeq: 0 } : await verifyLogCursor(handle, traceId, cursor, size);
        const page = await readTracePage({
          handle,
          traceId,
          offset,
          nextSeq,
          end: size,
          limit,
          types,
          maxScanBytes: context.maxScanBytesPerPage,
          signal,
        });
        const reachedEnd = page.nextOffset >= size;
        const next = reachedEnd
          ? undefined
          : encodeLogCursor(traceId, { offset: page.nextOffset, nextSeq: page.nextSeq }, await readCursorPrefix(handle, page.nextOffset));
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
    async list(request: TraceListRequest): Promise<TraceList> {
      const { cursor, limit, signal } = parseTraceListRequest(request);
      context.assertOpen('list traces');
      throwIfAborted(signal, LIST_OPERATION);
      const { directory } = context;
      const after = cursor === undefined ? undefined : decodeTraceListCursor(directory, cursor);
      await abortable(context.pool.settled(), signal, LIST_OPERATION, () => undefined);
      let page;
      try {
        // A directory replaced by a link is refused, so its listing is never another directory's.
        const exists = await runFileOperations(checkTraceDirectory(directory, undefined, false));
        page = exists ? await listTracePage(directory, after, limit, signal) : { traces: [], more: false };
      } catch (error) {
        throw logFailure(error, `could not list the traces of "${directory}"`);
      }
      const last = page.traces.at(-1);
      return page.more && last !== undefined ? { traces: page.traces, cursor: encodeTraceListCursor(directory, last.traceId) } : { traces: page.traces };
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
