import type { AgentCoreError } from '@jangts/agent-types';
import { excerpt } from '../shared/excerpt.js';
import { describeErrorBody } from './describe-error-body.js';
import { readBodyText } from './read-body-text.js';
import { providerFailure, isRetryableStatus, retryAfterFromHeaders } from '../../provider-failure.js';

/**
 * Turns a non-2xx response into `PROVIDER_FAILED` with the status, a bounded body excerpt, the
 * error message the body names, `retryable` (408/409/429/5xx, overridden by an explicit
 * `x-should-retry: true|false` header) and `retryAfterMs` from `retry-after-ms`/`retry-after`.
 * Secrets never reach the message or the details: the reason phrase, the excerpt and the error
 * message and type the body names are redacted before they are cut.
 */
export async function httpStatusFailure(
  provider: string,
  response: Response,
  secrets: readonly string[],
  signal?: AbortSignal,
): Promise<AgentCoreError> {
  const text = await readBodyText(response, signal);
  const described = describeErrorBody(text, secrets);
  const shouldRetry = response.headers.get('x-should-retry');
  const retryable =
    shouldRetry === 'true' ? true : shouldRetry === 'false' ? false : isRetryableStatus(response.status);
  const retryAfterMs = retryAfterFromHeaders(response.headers);
  // The reason phrase comes from the server too: one may quote the credential it refused.
  const statusText = typeof response.statusText === 'string' && response.statusText !== '' ? ` ${excerpt(response.statusText, secrets)}` : '';
  const reason = described.message === undefined ? '' : `: ${described.message}`;
  return providerFailure(`HTTP ${response.status}${statusText}${reason}`, {
    provider,
    retryable,
    status: response.status,
    bodyExcerpt: excerpt(text, secrets),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(described.type === undefined ? {} : { errorType: described.type }),
  });
}
