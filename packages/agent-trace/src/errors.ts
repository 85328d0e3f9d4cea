import { AgentCoreError, type JsonObject } from '@jangts/agent-types';
import { inputError } from '@jangts/agent-types/internal';
import { FILE_LOG_STORE_OPTIONS_DOOR, LIST_REQUEST_DOOR, OTEL_EXPORT_PAGE_DOOR, POSTGRES_TRACE_STORE_OPTIONS_DOOR, READ_REQUEST_DOOR, RECORD_DATA_DOOR, RECORD_TYPE_DOOR } from './doors.js';

/** Every `AgentCoreError` of `@jangts/agent-trace` is made here. */

/** The message of a platform failure (a file-system error) for one of ours; the error stays as the `cause`. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : 'unknown failure';
}

/** `ABORTED`: `operation` was stopped by `signal` (its reason as `cause`). */
export function abortedError(signal: AbortSignal, operation: string): AgentCoreError {
  return new AgentCoreError('ABORTED', `${operation} was aborted`, { details: { operation }, cause: signal.reason });
}

/** Throws {@link abortedError} when `signal` has fired. */
export function throwIfAborted(signal: AbortSignal, operation: string): void {
  if (signal.aborted) throw abortedError(signal, operation);
}

/** `LOG_FAILED`: `operation` was asked of a store that is closed. */
export function storeClosedError(operation: string, directory: string): AgentCoreError {
  return new AgentCoreError('LOG_FAILED', `cannot ${operation}: the file log store at "${directory}" is closed`, { details: { operation, directory } });
}

/** `INPUT_INVALID` (field `data`): the record's line would be over `maxRecordBytes`. */
export function recordTooLargeError(bytes: number, maxRecordBytes: number): AgentCoreError {
  return inputError(RECORD_DATA_DOOR, {
    path: [],
    rule: 'size',
    problem: `makes a record line of ${bytes} bytes, over maxRecordBytes ${maxRecordBytes}`,
    limit: maxRecordBytes,
    actual: bytes,
  });
}

/** `LOG_FAILED` (field `maxQueuedBytes`): a record refused because the write queue is full. */
export function queueFullError(type: string, queuedBytes: number, maxQueuedBytes: number): AgentCoreError {
  return new AgentCoreError('LOG_FAILED', `record "${type}" refused: ${queuedBytes} bytes already queued, maxQueuedBytes ${maxQueuedBytes}; await flush()`, {
    details: { field: 'maxQueuedBytes', limit: maxQueuedBytes, actual: queuedBytes },
  });
}

/** `CONFIG_INVALID` (field `directory`): the directory cannot be a store's (`problem` says why). */
export function directoryError(rule: string, problem: string): AgentCoreError {
  return inputError(FILE_LOG_STORE_OPTIONS_DOOR, { path: ['directory'], rule, problem });
}

/** `INPUT_INVALID` (field `cursor`): the cursor is not one of this trace as it is now (`problem` says why). */
export function cursorError(problem: string): AgentCoreError {
  return inputError(READ_REQUEST_DOOR, { path: ['cursor'], rule: 'cursor', problem });
}

/** `INPUT_INVALID` (field `cursor`): a list cursor that is not one of this store. */
export function listCursorError(): AgentCoreError {
  return inputError(LIST_REQUEST_DOOR, { path: ['cursor'], rule: 'cursor', problem: 'is not a list cursor of this store (altered, or from another store)' });
}

/** `LOG_FAILED`: the records of one append that are not in the file, and why. */
export function appendFailedError(traceId: string, lostRecords: number, writtenRecords: number, cause: unknown): AgentCoreError {
  const kept = writtenRecords === 0 ? '' : ` (the ${writtenRecords} before them are in the file)`;
  return new AgentCoreError('LOG_FAILED', `could not append ${lostRecords} record(s) to trace "${traceId}"${kept}: ${reasonOf(cause)}`, {
    details: { traceId, lostRecords, writtenRecords },
    cause,
  });
}

/** `LOG_FAILED` summarising the append failures since the last flush (the first as `cause`). */
export function appendFailuresError(failures: number, lostRecords: number, traceIds: readonly string[], first: AgentCoreError): AgentCoreError {
  return new AgentCoreError('LOG_FAILED', `${failures} append(s) failed, ${lostRecords} record(s) lost; first: ${first.message}`, {
    details: { failures, lostRecords, traceIds: [...traceIds] },
    cause: first,
  });
}

/**
 * `error` itself when it is already an `AgentCoreError`; otherwise `LOG_FAILED` saying what failed
 * and why (the underlying message), keeping the original as `cause`.
 */
export function logFailure(error: unknown, what: string, details: JsonObject = {}): AgentCoreError {
  if (AgentCoreError.isInstance(error)) return error;
  return new AgentCoreError('LOG_FAILED', `${what}: ${reasonOf(error)}`, { details, cause: error });
}

/**
 * `LOG_FAILED`: a trace path the store will not follow or use (a symbolic link, a hard link, a
 * directory, a device or FIFO, a file of another user, a file replaced while it was opened, or a
 * store directory reached through a symbolic link). Names the trace id (when one is concerned) and the path.
 */
export function traceFileRefused(traceId: string | undefined, path: string, problem: string): AgentCoreError {
  const subject = traceId === undefined ? 'file log store' : `trace "${traceId}"`;
  return new AgentCoreError(
    'LOG_FAILED',
    `${subject}: ${path} ${problem}; the store uses only regular files it created in its own directory, and follows no link`,
    { details: { ...(traceId === undefined ? {} : { traceId }), path, problem } },
  );
}

/** `LOG_FAILED`: another process held a trace's lock longer than the exit hook waits. */
export function lockWaitError(traceId: string, path: string, waitLimitMs: number): AgentCoreError {
  return new AgentCoreError('LOG_FAILED', `trace "${traceId}": another process held its lock for over ${waitLimitMs} ms`, {
    details: { traceId, path, limit: waitLimitMs },
  });
}

/**
 * `LOG_FAILED`: a line of a trace file is not a record as the store wrote it (`problem` says how:
 * not JSON, not a record, a record of another trace, a `seq` out of order or missing, too long).
 * The read fails rather than skip it: a record edited by hand, or lost, is never passed over silently.
 */
export function storedRecordError(traceId: string, start: number, end: number, problem: string): AgentCoreError {
  return new AgentCoreError('LOG_FAILED', `trace "${traceId}": the line at bytes ${start}-${end} ${problem}; the store did not write it so (edited by hand, or damaged)`, {
    details: { traceId, start, end, problem },
  });
}

/** `LOG_FAILED`: `operation` was asked of a PostgreSQL trace store that is closed. */
export function postgresStoreClosedError(operation: string, table: string): AgentCoreError {
  return new AgentCoreError('LOG_FAILED', `cannot ${operation}: the PostgreSQL trace store on table "${table}" is closed`, { details: { operation, table } });
}

/** `INPUT_INVALID` (field `type`): a record type PostgreSQL's `text` cannot hold (NUL, a lone surrogate). */
export function recordTypeTextError(): AgentCoreError {
  return inputError(RECORD_TYPE_DOOR, { path: [], rule: 'pattern', problem: 'must not contain NUL or a lone surrogate (PostgreSQL text cannot hold them)' });
}

/**
 * `LOG_FAILED`: a batch of records of `traceId` that is not in the table after `attempts` tries.
 * `uncertain` when the last try failed while committing and whether it landed could not be looked
 * up: those records are counted as lost, and may still be there.
 */
export function batchWriteError(traceId: string, table: string, lostRecords: number, attempts: number, uncertain: boolean, cause: unknown): AgentCoreError {
  const doubt = uncertain ? ' (the last try failed while committing and could not be checked: they may be in the table after all)' : '';
  return new AgentCoreError('LOG_FAILED', `could not write ${lostRecords} record(s) of trace "${traceId}" to table "${table}" in ${attempts} attempt(s)${doubt}: ${reasonOf(cause)}`, {
    details: { traceId, table, lostRecords, attempts, uncertain },
    cause,
  });
}

/** `LOG_FAILED`: the records table does not exist (PostgreSQL `42P01`): the App has not called `migrate()`. */
export function missingTableError(table: string, cause: unknown): AgentCoreError {
  return new AgentCoreError('LOG_FAILED', `table "${table}" does not exist: call await store.migrate() once before using the PostgreSQL trace store`, {
    details: { table },
    cause,
  });
}

/** `CONFIG_INVALID` (field `table`): `migrate()` found a table of that name that it did not create. */
export function foreignTableError(table: string): AgentCoreError {
  return inputError(POSTGRES_TRACE_STORE_OPTIONS_DOOR, {
    path: ['table'],
    rule: 'table',
    problem: `names a table "${table}" that exists and is not an agent-trace records table (migrate() creates and recognises its own); choose another table`,
  });
}

/**
 * `LOG_FAILED`: a row of the records table is not a record as the store wrote it (`problem` says
 * how: its data not a JSON object, a `seq` out of order or missing, an empty flow id or type). The
 * read fails rather than skip it: a row edited by hand, or lost, is never passed over silently.
 */
export function storedRowError(traceId: string, table: string, seq: string, problem: string): AgentCoreError {
  return new AgentCoreError('LOG_FAILED', `trace "${traceId}": the row of table "${table}" at seq ${seq} ${problem}; the store did not write it so (edited by hand, or damaged)`, {
    details: { traceId, table, seq, problem },
  });
}

/** `LOG_FAILED`: the App's pool handed back something that is not a connection, or a query gave no rows. */
export function poolMisuseError(problem: string): AgentCoreError {
  return new AgentCoreError('LOG_FAILED', `the PostgreSQL pool ${problem}; pass a pg Pool`, { details: { problem } });
}

/**
 * `SINK_FAILED`: the OpenTelemetry spans of one record could not be made (the App's tracer or a
 * span threw, or handed back something else). The record itself was stored; the error goes to
 * the `onError` of `withOtelSpans`, never to the caller of `record()`.
 */
export function spanExportError(type: string, cause: unknown): AgentCoreError {
  const details: JsonObject = AgentCoreError.isInstance(cause) ? { type, code: cause.code } : { type };
  return new AgentCoreError('SINK_FAILED', `withOtelSpans: no spans for record "${type}" (the record was stored): ${reasonOf(cause)}`, { details, cause });
}

/** `SOURCE_FAILED`: the App's reader failed while `exportTraceToOtel` read the trace (an `AgentCoreError` of the reader is kept as it is). */
export function traceReadError(traceId: string, cause: unknown): AgentCoreError {
  if (AgentCoreError.isInstance(cause)) return cause;
  return new AgentCoreError('SOURCE_FAILED', `exportTraceToOtel: reading trace "${traceId}" failed: ${reasonOf(cause)}`, { details: { traceId }, cause });
}

/** `PAGE_INVALID`: a page of the App's reader breaks the reader contract (`path` below the page, `problem` says how). */
export function exportPageError(path: readonly (string | number)[], rule: string, problem: string): AgentCoreError {
  return inputError(OTEL_EXPORT_PAGE_DOOR, { path, rule, problem });
}
