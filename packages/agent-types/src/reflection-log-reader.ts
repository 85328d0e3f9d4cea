import type { LogRecord } from './log-record.js';

/** One read of a trace's records. */
export interface LogReadRequest {
  readonly traceId: string;
  /** Record types to include; omitted means all. */
  readonly types?: readonly string[] | undefined;
  /** Opaque cursor from a previous page. */
  readonly cursor?: string | undefined;
  /** Maximum records to return; at least 1. */
  readonly limit: number;
  readonly signal: AbortSignal;
}

/** One page of a trace's records. */
export interface LogPage {
  readonly records: readonly LogRecord[];
  /** Continuation cursor; absent when nothing further is there now. */
  readonly cursor?: string | undefined;
  /** True when the page reached the current end of the trace with nothing skipped. */
  readonly complete: boolean;
  /** What could not be read (a torn line, a missing file, …), described for a person. */
  readonly gaps: readonly string[];
}

/** Reads a trace's log records page by page; the file log store implements it, an App may bring its own. */
export interface ReflectionLogReader {
  read(request: LogReadRequest): Promise<LogPage>;
}
