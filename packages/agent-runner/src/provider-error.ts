import { AgentCoreError, type JsonObject } from '@jangts/agent-types';
import { isRetryableStatus } from './is-retryable-status.js';

/** Options of {@link createProviderError}. */
export interface ProviderErrorOptions {
  /** HTTP status, when the failure was an HTTP response. */
  readonly status?: number;
  /**
   * Whether the runner may retry the call (only before the first chunk). Defaults to
   * `isRetryableStatus(status)` when a status is given, else `false`. Mark network errors
   * (connection reset, DNS, fetch failed) `true` explicitly.
   */
  readonly retryable?: boolean;
  /** The wait the server asked for (`retry-after`), in milliseconds. */
  readonly retryAfterMs?: number;
  /** Id of the provider that failed. */
  readonly providerId?: string;
  /** More JSON details (a body excerpt, the wire error type, …); never put the API key here. */
  readonly details?: JsonObject;
  /** The underlying error. */
  readonly cause?: unknown;
}

/**
 * Creates the `PROVIDER_FAILED` error of the retry convention: `details.retryable` (always
 * present), `details.status` and `details.retryAfterMs` (when known). The runner retries a
 * failure only when it is such an error with `retryable: true` and no chunk has arrived yet,
 * waiting at least `retryAfterMs`.
 */
export function createProviderError(message: string, options: ProviderErrorOptions = {}): AgentCoreError {
  const { status, retryAfterMs, providerId } = options;
  const retryable = options.retryable ?? (status !== undefined && isRetryableStatus(status));
  const details: Record<string, JsonObject[string]> = { ...options.details, retryable };
  if (status !== undefined) details.status = status;
  if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) details.retryAfterMs = retryAfterMs;
  if (providerId !== undefined) details.providerId = providerId;
  return new AgentCoreError('PROVIDER_FAILED', message, { details, cause: options.cause });
}
