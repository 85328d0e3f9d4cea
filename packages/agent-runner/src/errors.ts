import { AgentCoreError, type JsonObject } from '@jangts/agent-types';

// Providers

/** The `ABORTED` error a provider throws when the caller's signal fires during a call (the signal's reason as its cause). */
export function providerAbortedError(provider: string, signal: AbortSignal): AgentCoreError {
  return new AgentCoreError('ABORTED', `${provider} provider: the call was aborted`, {
    details: { provider },
    ...(signal.reason === undefined ? {} : { cause: signal.reason as unknown }),
  });
}

/**
 * A copy of a provider's `AgentCoreError` with its secrets taken out: the same code, the
 * redacted `message`, `details` and `cause`, and the redacted `stack` when there is one.
 */
export function redactedProviderError(error: AgentCoreError, message: string, details: JsonObject, cause: unknown, stack: string | undefined): AgentCoreError {
  const redacted = new AgentCoreError(error.code, message, { details, ...(cause === undefined ? {} : { cause }) });
  if (stack !== undefined) redacted.stack = stack;
  return redacted;
}
