import { AgentCoreError, type JsonObject } from '@jangts/agent-types';
import { inputError, truncateText, type InputDoor, type RuleIssue } from '@jangts/agent-types/internal';

/** `ABORTED` for `signal`, its reason kept as `cause`; `details.step` names the step. */
export function abortedError(signal: AbortSignal, step: string): AgentCoreError {
  return new AgentCoreError('ABORTED', `reflection aborted ${step}`, { cause: signal.reason, details: { step } });
}

/** `UNAUTHORIZED`: the authorization hook `hook` threw or rejected with `cause`. */
export function unauthorizedError(hook: string, cause: unknown, details: JsonObject): AgentCoreError {
  const reason = thrownReason(cause, 'rejected');
  // A log source's own refusal (already `reflection: authorize refused: …`) is quoted without its prefix.
  const inner = cause instanceof AgentCoreError && reason.startsWith('reflection: ') ? reason.slice('reflection: '.length) : reason;
  return new AgentCoreError('UNAUTHORIZED', `reflection: ${hook} refused: ${inner}`, { cause, details: { hook, ...details } });
}

/** `UNAUTHORIZED`: the authorization hook `hook` returned `false` (typed to return nothing, but it means "denied"). */
export function deniedError(hook: string, details: JsonObject): AgentCoreError {
  return new AgentCoreError('UNAUTHORIZED', `reflection: ${hook} refused: it returned false`, { details: { hook, ...details } });
}

/** `UNAUTHORIZED`: a query of the log source `sourceId` names a run other than its trace. */
export function otherRunError(sourceId: string, traceId: string, run: string): AgentCoreError {
  return new AgentCoreError('UNAUTHORIZED', `source "${sourceId}" reads only run "${traceId}"; run ${JSON.stringify(run.slice(0, 120))} is refused`, {
    details: { sourceId, field: 'run' },
  });
}

/** `UNAUTHORIZED`: a query (or its cursor) of the log source `sourceId` names a run outside the App's scope. */
export function runOutsideScopeError(sourceId: string, run: string): AgentCoreError {
  return new AgentCoreError('UNAUTHORIZED', `source "${sourceId}" reads only the runs of its scope; run ${JSON.stringify(run.slice(0, 120))} is refused`, {
    details: { sourceId, field: 'run' },
  });
}

/** `SOURCE_FAILED`: `source.query` threw or rejected with `cause` (its code, if any, as `details.causeCode`). */
export function sourceFailedError(sourceId: string, cause: unknown): AgentCoreError {
  const causeCode: JsonObject = AgentCoreError.isInstance(cause) ? { causeCode: cause.code } : {};
  return new AgentCoreError('SOURCE_FAILED', `reflection: source "${sourceId}" failed: ${thrownReason(cause, 'it threw a non-error value')}`, {
    cause,
    details: { sourceId, ...causeCode },
  });
}

/** `SOURCE_FAILED`: the log reader of the log source `sourceId` threw or rejected with `cause`. */
export function logReaderFailedError(sourceId: string, cause: unknown): AgentCoreError {
  return new AgentCoreError('SOURCE_FAILED', `source "${sourceId}": the log reader failed`, { cause, details: { sourceId } });
}

/**
 * An input refused for a reason only the run can see (a cursor that repeats one of an earlier
 * page, data too long to render), in the door's one form: see `inputError`.
 */
export function inputRefusedError(door: InputDoor, issue: RuleIssue): AgentCoreError {
  return inputError(door, { ...issue, path: issue.path ?? [] });
}

/**
 * What a hook or source threw, for one of our messages: an `Error`'s message or a thrown string,
 * cut after 500 characters (the value itself stays the `cause`); `fallback` for anything else
 * or a message whose reading throws.
 */
function thrownReason(cause: unknown, fallback: string): string {
  try {
    const reason = cause instanceof Error ? cause.message : cause;
    return typeof reason === 'string' ? truncateText(reason, 500) : fallback;
  } catch {
    return fallback; // a hostile proxy says nothing
  }
}
