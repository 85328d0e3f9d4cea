import { AgentCoreError, type JsonObject } from '@jangts/agent-types';

/**
 * The `details` of a `PROVIDER_FAILED` error raised by a provider. `retryable` says whether a
 * fresh attempt may succeed (network errors, HTTP 408/409/429/5xx, overload); the runner retries
 * only before the first chunk, waiting at least `retryAfterMs` when given.
 */
export interface ProviderFailureDetails {
  /** Which provider failed, e.g. `openai-compatible`. */
  readonly provider: string;
  /** Whether another attempt may succeed. */
  readonly retryable: boolean;
  /** HTTP status of the response, when the failure is an HTTP error. */
  readonly status?: number;
  /** The start of the response body or of the offending event data, secrets redacted. */
  readonly bodyExcerpt?: string;
  /** How long the server asked to wait before retrying (`retry-after`), in milliseconds. */
  readonly retryAfterMs?: number;
  /** The wire error type, e.g. `overloaded_error`, when the server named one. */
  readonly errorType?: string;
}

/**
 * Builds the `PROVIDER_FAILED` error every provider raises. Undefined detail fields are left out
 * so that `details` stays plain JSON.
 */
export function providerFailure(message: string, details: ProviderFailureDetails, cause?: unknown): AgentCoreError {
  const json: Record<string, string | number | boolean> = { provider: details.provider, retryable: details.retryable };
  if (details.status !== undefined) json.status = details.status;
  if (details.bodyExcerpt !== undefined) json.bodyExcerpt = details.bodyExcerpt;
  if (details.retryAfterMs !== undefined) json.retryAfterMs = details.retryAfterMs;
  if (details.errorType !== undefined) json.errorType = details.errorType;
  return new AgentCoreError('PROVIDER_FAILED', `${details.provider} provider: ${message}`, {
    details: json satisfies JsonObject,
    ...(cause === undefined ? {} : { cause }),
  });
}
