import { AgentCoreError } from '@jangts/agent-types';

/** Whether a failure may be retried, and the wait the provider asked for. */
export interface RetryHint {
  readonly retryable: boolean;
  /** Milliseconds the server asked to wait (`retry-after`), when it did. */
  readonly retryAfterMs?: number | undefined;
}

/**
 * Reads the retry convention from a thrown value: only a `PROVIDER_FAILED`
 * {@link AgentCoreError} whose `details.retryable` is `true` is retryable;
 * `details.retryAfterMs` (a non-negative number) is the wait it asks for. Never throws.
 */
export function readRetryHint(error: unknown): RetryHint {
  try {
    if (!AgentCoreError.isInstance(error) || error.code !== 'PROVIDER_FAILED') return { retryable: false };
    const { retryable, retryAfterMs } = error.details;
    if (retryable !== true) return { retryable: false };
    if (typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) return { retryable: true, retryAfterMs };
    return { retryable: true };
  } catch {
    return { retryable: false }; // a hostile error (a throwing getter or proxy) says nothing retryable
  }
}
