import { AgentCoreError, type JsonObject } from '@jangts/agent-types';
import { errorMessage } from './error-message.js';

/**
 * `error` itself when it is already an `AgentCoreError`; otherwise a `LOG_FAILED` error saying
 * what failed and why (the underlying message), keeping the original as `cause`.
 */
export function toLogFailure(error: unknown, what: string, details: JsonObject = {}): AgentCoreError {
  if (AgentCoreError.isInstance(error)) return error;
  const reason = errorMessage(error);
  return new AgentCoreError('LOG_FAILED', `${what}: ${reason}`, { details, cause: error });
}
