import { isRetryableStatus } from './is-retryable-status.js';
import { isNetworkError } from './providers/shared/is-network-error.js';

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
 * network error by the HTTP providers' own test ({@link isNetworkError}: a code such as
 * `ECONNRESET` along its `cause` chain, or undici's `fetch failed`). Never throws.
 */
export function readConventionalFailure(error: unknown): ConventionalFailure {
  const statusField = field(error, 'status') ?? field(error, 'statusCode');
  const status = typeof statusField === 'number' && Number.isInteger(statusField) && statusField >= 100 && statusField <= 599 ? statusField : undefined;
  const retryable = field(error, 'isRetryable') === true || (status !== undefined && isRetryableStatus(status)) || isNetworkError(error);
  return status === undefined ? { retryable } : { retryable, status };
}
