import { AgentCoreError, type JsonObject } from '@jangts/agent-types';
import { truncateText } from '@jangts/agent-types/internal';

/** `CONFIG_INVALID` naming the option `field`. */
export function configInvalid(scope: string, field: string, problem: string, details: JsonObject = {}): AgentCoreError {
  return new AgentCoreError('CONFIG_INVALID', `${scope}: ${field} ${problem}`, { details: { field, ...details } });
}

/** `INPUT_INVALID` naming the argument `field`. */
export function inputInvalid(scope: string, field: string, problem: string): AgentCoreError {
  return new AgentCoreError('INPUT_INVALID', `${scope}: ${field} ${problem}`, { details: { field } });
}

/**
 * Runs `read` (the reading of options or arguments) so that only `AgentCoreError` escapes: a
 * throwing getter or proxy becomes `code` naming `field`, with what it threw as `cause`.
 */
export function readingGuarded<T>(code: 'CONFIG_INVALID' | 'INPUT_INVALID', scope: string, field: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (AgentCoreError.isInstance(error)) throw error;
    throw new AgentCoreError(code, `${scope}: ${field} could not be read (reading it threw)`, { cause: error, details: { field, rule: 'readable' } });
  }
}

/** `ABORTED` for `signal`, its reason kept as `cause`. */
export function abortedError(signal: AbortSignal, step: string): AgentCoreError {
  return new AgentCoreError('ABORTED', `reflection aborted ${step}`, { cause: signal.reason, details: { step } });
}

/** `UNAUTHORIZED` wrapping whatever an authorization hook threw (the kit's own denial of that hook as is). */
export function unauthorizedError(hook: string, cause: unknown, details: JsonObject = {}): AgentCoreError {
  if (AgentCoreError.isInstance(cause) && cause.code === 'UNAUTHORIZED' && cause.details.hook === hook) return cause;
  return new AgentCoreError('UNAUTHORIZED', `reflection: ${hook} refused: ${thrownReason(cause, 'rejected')}`, { cause, details: { hook, ...details } });
}

/**
 * What a hook or source threw, for one of our messages: an `Error`'s message or a thrown string,
 * cut after 500 characters (the value itself stays the `cause`); `fallback` for anything else
 * or a message whose reading throws.
 */
export function thrownReason(cause: unknown, fallback: string): string {
  try {
    const reason = cause instanceof Error ? cause.message : cause;
    return typeof reason === 'string' ? truncateText(reason, 500) : fallback;
  } catch {
    return fallback; // a hostile proxy says nothing
  }
}
