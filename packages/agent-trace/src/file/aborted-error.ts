import { AgentCoreError } from '@jangts/agent-types';

/** Throws `ABORTED` (the signal's reason as `cause`) when `signal` has fired. */
export function throwIfAborted(signal: AbortSignal, operation: string): void {
  if (signal.aborted) throw abortedError(signal, operation);
}

/** The `ABORTED` error of an operation stopped by `signal`. */
export function abortedError(signal: AbortSignal, operation: string): AgentCoreError {
  return new AgentCoreError('ABORTED', `${operation} was aborted`, { details: { operation }, cause: signal.reason });
}
