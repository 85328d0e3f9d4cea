import type { AgentCoreError } from '@jangts/agent-types';
import { describeErrorBody } from '../http/describe-error-body.js';
import { excerpt } from '../shared/excerpt.js';
import { isRecord } from '../shared/is-record.js';
import { isRetryableErrorType } from '../shared/is-retryable-error-type.js';
import { isRetryableStatus, providerFailure } from '../../provider-failure.js';

/**
 * The `PROVIDER_FAILED` error for an error sent inside a Chat Completions stream (`data:
 * {"error": {...}}` or an `event: error`, as OpenRouter, vLLM and others do). Retryable when the
 * error's type or code names a transient failure or its numeric code is a retryable HTTP status.
 */
export function openAIStreamError(data: string, secrets: readonly string[]): AgentCoreError {
  const described = describeErrorBody(data, secrets);
  const code = numericCode(data);
  const retryable = isRetryableErrorType(described.type) || (code !== undefined && isRetryableStatus(code));
  const message = described.message === undefined ? '' : `: ${described.message}`;
  return providerFailure(`the server sent an error in the stream${message}`, {
    provider: 'openai-compatible',
    retryable,
    bodyExcerpt: excerpt(data, secrets),
    ...(described.type === undefined ? {} : { errorType: described.type }),
  });
}

function numericCode(data: string): number | undefined {
  try {
    const value: unknown = JSON.parse(data);
    const error = isRecord(value) && isRecord(value.error) ? value.error : undefined;
    const code = error?.code ?? error?.status;
    return typeof code === 'number' ? code : typeof code === 'string' && /^\d{3}$/.test(code) ? Number(code) : undefined;
  } catch {
    return undefined;
  }
}
