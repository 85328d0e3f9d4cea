import { AgentCoreError } from '@jangts/agent-types';
import { excerpt } from '../shared/excerpt.js';
import { isRecord } from '../shared/is-record.js';
import { isRetryableErrorType } from '../shared/is-retryable-error-type.js';
import { isRetryableStatus, retryAfterFromHeaders, isNetworkError, providerFailure } from '../../provider-failure.js';

const PROVIDER = 'ai-sdk';

/**
 * Turns whatever an AI SDK model threw or sent as an `error` part into `PROVIDER_FAILED`. An
 * `APICallError` (recognised by shape: `statusCode`, `isRetryable`, `responseBody`,
 * `responseHeaders`) gives status, body excerpt, `retryable` and `retryAfterMs`; a network error
 * is retryable; a wire error object (`{ type: 'overloaded_error', message }`) is retryable when
 * its type names a transient failure; anything else keeps its own `isRetryable` or is not
 * retryable. An `AgentCoreError` passes through unchanged. `secrets` (the credentials of the
 * App's call headers) are redacted from the message and the excerpt before they are cut.
 */
export function aiSdkFailure(error: unknown, secrets: readonly string[]): AgentCoreError {
  if (AgentCoreError.isInstance(error)) return error;
  const record = isRecord(error) ? error : {};
  const message = typeof record.message === 'string' ? record.message : typeof error === 'string' ? error : 'unknown error';
  const type = typeof record.type === 'string' ? record.type : undefined;
  const status = typeof record.statusCode === 'number' ? record.statusCode : undefined;
  const retryable =
    typeof record.isRetryable === 'boolean'
      ? record.isRetryable
      : status !== undefined
        ? isRetryableStatus(status)
        : isNetworkError(error) || isRetryableErrorType(type);
  const retryAfterMs = retryAfter(record.responseHeaders);
  const body = typeof record.responseBody === 'string' ? record.responseBody : undefined;
  return providerFailure(
    excerpt(message, secrets),
    {
      provider: PROVIDER,
      retryable,
      ...(status === undefined ? {} : { status }),
      ...(body === undefined ? {} : { bodyExcerpt: excerpt(body, secrets) }),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...(type === undefined ? {} : { errorType: type }),
    },
    error,
  );
}

function retryAfter(headers: unknown): number | undefined {
  if (!isRecord(headers)) return undefined;
  const entries = Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  try {
    return retryAfterFromHeaders(new Headers(entries));
  } catch {
    return undefined;
  }
}
