import { AgentCoreError } from '@jangts/agent-types';

// Providers

/** The `ABORTED` error a provider throws when the caller's signal fires during a call (the signal's reason as its cause). */
export function providerAbortedError(provider: string, signal: AbortSignal): AgentCoreError {
  return new AgentCoreError('ABORTED', `${provider} provider: the call was aborted`, {
    details: { provider },
    ...(signal.reason === undefined ? {} : { cause: signal.reason as unknown }),
  });
}
