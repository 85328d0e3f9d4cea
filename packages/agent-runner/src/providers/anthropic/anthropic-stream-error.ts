import type { AgentCoreError } from '@jangts/agent-types';
import { describeErrorBody } from '../http/describe-error-body.js';
import { excerpt } from '../shared/excerpt.js';
import { isRetryableErrorType } from '../shared/is-retryable-error-type.js';
import { providerFailure } from '../../provider-failure.js';

/**
 * The `PROVIDER_FAILED` error for a Messages API `error` event (`{ type: 'error', error: { type,
 * message } }`). Retryable for transient types: `overloaded_error`, `api_error`,
 * `rate_limit_error`, `timeout_error`; not for request, authentication or permission errors.
 */
export function anthropicStreamError(data: string, secrets: readonly string[]): AgentCoreError {
  const described = describeErrorBody(data, secrets);
  const message = described.message === undefined ? '' : `: ${described.message}`;
  return providerFailure(`the server sent an error event${message}`, {
    provider: 'anthropic',
    retryable: isRetryableErrorType(described.type),
    bodyExcerpt: excerpt(data, secrets),
    ...(described.type === undefined ? {} : { errorType: described.type }),
  });
}
