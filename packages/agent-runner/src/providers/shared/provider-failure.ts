import type { AgentCoreError } from '@jangts/agent-types';
import { createProviderError } from '../../provider-error.js';

/**
 * What a provider knows about one failure. `retryable` says whether a fresh attempt may succeed
 * (network errors, HTTP 408/409/429/5xx, overload); the runner retries only before the first
 * chunk, waiting at least `retryAfterMs` when given.
 */
export interface ProviderFailureDetails {
  /** Which provider failed, e.g. `openai-compatible` (becomes `details.providerId`). */
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
  /** The origin of the endpoint, for a redirect that was refused. */
  readonly endpointOrigin?: string;
  /** The origin a refused redirect pointed to, when it is another one. */
  readonly redirectOrigin?: string;
  /** The limit that was reached (the most redirects followed). */
  readonly limit?: number;
}

/**
 * Builds the `PROVIDER_FAILED` error every provider raises, in the runner's retry convention
 * (`createProviderError`): `details.retryable` always, `status`, `retryAfterMs`, `providerId`,
 * `bodyExcerpt`, `errorType` and the redirect fields when known. The message starts with the provider name.
 */
export function providerFailure(message: string, details: ProviderFailureDetails, cause?: unknown): AgentCoreError {
  return createProviderError(`${details.provider} provider: ${message}`, {
    retryable: details.retryable,
    providerId: details.provider,
    ...(details.status === undefined ? {} : { status: details.status }),
    ...(details.retryAfterMs === undefined ? {} : { retryAfterMs: details.retryAfterMs }),
    details: {
      ...(details.bodyExcerpt === undefined ? {} : { bodyExcerpt: details.bodyExcerpt }),
      ...(details.errorType === undefined ? {} : { errorType: details.errorType }),
      ...(details.endpointOrigin === undefined ? {} : { endpointOrigin: details.endpointOrigin }),
      ...(details.redirectOrigin === undefined ? {} : { redirectOrigin: details.redirectOrigin }),
      ...(details.limit === undefined ? {} : { limit: details.limit }),
    },
    ...(cause === undefined ? {} : { cause }),
  });
}
