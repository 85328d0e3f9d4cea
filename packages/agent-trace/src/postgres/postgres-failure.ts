import { AgentCoreError } from '@jangts/agent-types';
import { logFailure, missingTableError } from '../errors.js';

/** SQLSTATE classes worth another try: connection exception, transaction rollback (serialization failure, deadlock), insufficient resources, operator intervention. */
const RETRYABLE_CLASSES = new Set(['08', '40', '53', '57']);

/** A server's error response: its SQLSTATE and severity. */
interface ServerError {
  readonly state: string;
  readonly severity: string;
}

/** The SQLSTATE and severity of an error the server answered with; `undefined` for any other failure (a connection refused, lost or timed out). */
function serverError(error: unknown): ServerError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, severity } = error as Error & { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string' ? { state: code, severity } : undefined;
}

/**
 * True when trying again may succeed: the connection failed (no answer from the server), or the
 * server answered with an error of a passing kind (a connection exception, a serialization
 * failure or deadlock, too many connections, a server shutting down), or a duplicate key (a
 * writer that did not take the trace's lock). An error that would only repeat (no table, no
 * permission, a refused value) is not worth it, nor one of the store's own.
 */
export function isRetryable(error: unknown): boolean {
  if (AgentCoreError.isInstance(error)) return false;
  const answer = serverError(error);
  return answer === undefined || RETRYABLE_CLASSES.has(answer.state.slice(0, 2)) || answer.state === '23505';
}

/**
 * True when a failed `COMMIT` certainly did not commit: the server answered it with an `ERROR`
 * (the transaction was rolled back). Anything else (the connection lost, a `FATAL` of a backend
 * that was shutting down) leaves it in doubt.
 */
export function isRolledBack(error: unknown): boolean {
  return serverError(error)?.severity === 'ERROR';
}

/** The error `migrate()` would have prevented (the table does not exist: `42P01`) as ours; any other as it is. */
export function explainFailure(error: unknown, table: string): unknown {
  return serverError(error)?.state === '42P01' ? missingTableError(table, error) : error;
}

/**
 * `LOG_FAILED` for a failed query: the table's own error when it does not exist (`migrate()` not
 * called), otherwise saying what failed and why, with the original as `cause`.
 */
export function queryFailure(error: unknown, table: string, what: string, details: Record<string, string> = {}): AgentCoreError {
  return logFailure(explainFailure(error, table), what, { table, ...details });
}
