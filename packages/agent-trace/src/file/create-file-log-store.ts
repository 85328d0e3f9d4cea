import type { LogReadRequest, SubFlowLog } from '@jangts/agent-types';
import { logFailure, queueFullError, recordTooLargeError, storeClosedError } from '../errors.js';
import { parseLogPruneOptions } from '../log-prune-options.js';
import { openSubFlowLog, type FlowWriter } from '../open-sub-flow-log.js';
import { parseRecordData } from '../record-data.js';
import { parseRecordType } from '../record-type.js';
import type { TraceListRequest } from '../trace-list-request.js';
import type { LogPruneResult } from '../trace-store.js';
import { AppendFailures } from '../append-failures.js';
import { checkTraceDirectory } from './check-trace-directory.js';
import { createFileLogReader } from './create-file-log-reader.js';
import { claimDirectory } from './directory-claims.js';
import type { FileLogStore } from './file-log-store.js';
import { parseFileLogStoreOptions, type FileLogStoreOptions } from './file-log-store-options.js';
import { listTraceFiles, type TraceFileInfo } from './list-trace-files.js';
import { createPendingRecord, createRecordHead, MAX_SEQ_DIGITS, type RecordHead } from './pending-record.js';
import { pruneTraces } from '../prune-traces.js';
import { removeIdleTraceFile } from './remove-idle-trace-file.js';
import { resolveStoreDirectory } from './resolve-store-directory.js';
import { runFileOperations } from './run-file-operations.js';
import { traceFileName } from './trace-file-name.js';
import { TraceWriterPool } from './trace-writer-pool.js';

/**
 * Creates the file log store over an App-owned directory: one append-only JSONL file per trace,
 * a `SubFlowLog` per flow (`open(traceId)` for a root flow, `child()` below it) and a
 * `ReflectionLogReader` over the same files.
 *
 * `record()` reads its arguments through the door synchronously (`INPUT_INVALID`: empty or
 * over-long type, data that is not plain JSON, a line over `maxRecordBytes`) and queues; one writer per trace appends whole lines
 * in order, each batch under the trace's lock file so other processes can write the same trace.
 * Trace files that are links or were not created by a store are refused (`LOG_FAILED`). Options
 * are checked here (`CONFIG_INVALID`), including that no other open store of this process uses
 * the directory.
 *
 * @example
 * const store = createFileLogStore({ directory: './logs' });
 * const log = store.open('run-1', 'reply');
 * log.record('model.start', { stageId: 'reply' });
 * const page = await store.reader.read({ traceId: 'run-1', limit: 100, signal: AbortSignal.timeout(5000) });
 * await store.close();
 */
export function createFileLogStore(options: FileLogStoreOptions): FileLogStore {
  const config = parseFileLogStoreOptions(options);
  const { maxRecordBytes, maxQueuedBytes, onError } = config;
  const directory = resolveStoreDirectory(config.directory);
  const releaseDirectory = claimDirectory(directory);
  const failures = new AppendFailures();
  const pool = new TraceWriterPool(directory, (error) => {
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
    if (closing !== undefined) throw storeClosedError(operation, directory);
  };

  const track = <TResult>(operation: Promise<TResult>): Promise<TResult> => {
    running.add(operation);
    const forget = (): void => {
      running.delete(operation);
    };
    operation.then(forget, forget);
    return operation;
  };

  const writer: FlowWriter<RecordHead> = {
    begin: createRecordHead,
    append(head, typeArgument, data) {
      assertOpen('record');
      const type = parseRecordType(typeArgument);
      const dataJson = data === undefined ? undefined : JSON.stringify(parseRecordData(data));
      const record = createPendingRecord(head, new Date().toISOString(), type, dataJson);
      const bytes = record.bytes + MAX_SEQ_DIGITS;
      if (bytes > maxRecordBytes) throw recordTooLargeError(bytes, maxRecordBytes);
      if (pool.queuedBytes + record.bytes > maxQueuedBytes) throw queueFullError(type, pool.queuedBytes, maxQueuedBytes);
      pool.enqueue(head.traceId, record);
    },
  };

  const flush = async (): Promise<void> => {
    await pool.settled();
    const failure = failures.take();
    if (failure !== undefined) throw failure;
  };

  /** Deletes a trace's file unless it was busy when the prune was asked for, or changed since it was listed. */
  const deleteTrace = (busy: ReadonlySet<string>) => (file: TraceFileInfo): Promise<boolean> =>
    busy.has(traceFileName(file.traceId))
      ? Promise.resolve(false)
      : pool.withTrace(file.traceId, (writer) => {
          assertOpen('prune');
          return removeIdleTraceFile(writer, file);
        });

  const prune = async (pruneOptions: unknown): Promise<LogPruneResult> => {
    const rules = parseLogPruneOptions(pruneOptions);
    assertOpen('prune');
    // Taken before listing: records queued now may be written before or after the listing, and
    // are kept either way.
    const busy = pool.busyTraceFiles();
    let files: TraceFileInfo[];
    try {
      // A directory replaced by a link is refused, so its listing is never another directory's.
      files = (await runFileOperations(checkTraceDirectory(directory, undefined, false))) ? await listTraceFiles(directory) : [];
    } catch (error) {
      throw logFailure(error, `could not list the trace files of "${directory}"`);
    }
    return pruneTraces(files, rules, Date.now(), deleteTrace(busy));
  };

  const reader = createFileLogReader({ directory, pool, maxScanBytesPerPage: config.maxScanBytesPerPage, assertOpen });

  return Object.freeze({
    directory,
    reader: Object.freeze({
      read: (request: LogReadRequest) => track(reader.read(request)),
      list: (request: TraceListRequest) => track(reader.list(request)),
    }),
    open(traceId: string, name?: string): SubFlowLog {
      assertOpen('open a trace');
      return openSubFlowLog(writer, traceId, name);
    },
    flush,
    close(): Promise<void> {
      closing ??= (async () => {
        try {
          await Promise.allSettled([...running]);
          await flush();
        } finally {
          releaseDirectory();
        }
      })();
      return closing;
    },
    prune: (pruneOptions: unknown) => track(prune(pruneOptions)),
  });
}
