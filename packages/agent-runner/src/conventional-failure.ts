import { isRetryableStatus } from './is-retryable-status.js';

/**
 * Error codes of failures on the way to the model server (Node's sockets and DNS, undici), which
 * a retry may get past.
 */
const NETWORK_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/** What a thrown value that is not an `AgentCoreError` says of itself by common conventions. */
export interface ConventionalFailure {
  readonly retryable: boolean;
  /** The HTTP status it carries (`status` or `statusCode`), when it carries one. */
  readonly status?: number;
}

function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined; // a throwing getter says nothing
  }
}

/**
 * Reads a failure thrown by a provider written without `createProviderError`: retryable when it
 * says so itself (`isRetryable: true`, as the AI SDK's `APICallError`), carries a retryable HTTP
 * status (`status` or `statusCode`: 408, 409, 429, 5xx, as the HTTP clients' errors), or is a
 * network error (a `code` such as `ECONNRESET` on it or on its `cause`, as `fetch failed`).
 * Never throws.
 */
export function readConventionalFailure(error: unknown): ConventionalFailure {
  const statusField = field(error, 'status') ?? field(error, 'statusCode');
  const status = typeof statusField === 'number' && Number.isInteger(statusField) && statusField >= 100 && statusField <= 599 ? statusField : undefined;
  const code = field(error, 'code') ?? field(field(error, 'cause'), 'code');
  const retryable =
    field(error, 'isRetryable') === true || (status !== undefined && isRetryableStatus(status)) || (typeof code === 'string' && NETWORK_ERROR_CODES.has(code));
  return status === undefined ? { retryable } : { retryable, status };
}
