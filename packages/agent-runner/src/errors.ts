import { AgentCoreError, type JsonObject } from '@jangts/agent-types';
import { inputError, type InputDoor, type InputIssue } from '@jangts/agent-types/internal';

/*
 * Every AgentCoreError the runner raises is made here. Refused inputs (options, requests, provider
 * chunks) take the one form of the input door (`<subject>: <field> <problem>`, details
 * `{ field, path, rule, … }`); the failures of a call (aborted, timed out, over a limit, a model
 * output that breaks its tools) say which stage, and why.
 */

// Runner

/** The door of `ModelRunner.invoke`: its errors name `input`, `stageId`, `tools[0].parameters`, … */
export const INVOKE_DOOR: InputDoor = { subject: 'invoke request', code: 'INPUT_INVALID', name: 'request' };

/** A refused invoke request whose issue was found outside the request's parser (a tool schema that does not compile). */
export function invokeRequestError(issue: InputIssue): AgentCoreError {
  return inputError(INVOKE_DOOR, issue);
}

/** A refused argument of one of the runner's functions (`retryAfterFromHeaders`, …), for an issue found outside its parser. */
export function argumentError(door: InputDoor, issue: InputIssue): AgentCoreError {
  return inputError(door, issue);
}

/** `ABORTED`: the caller's signal fired; the signal's reason is kept as `cause`. */
export function abortedError(stageId: string, reason: unknown): AgentCoreError {
  return new AgentCoreError('ABORTED', `stage "${stageId}": the call was aborted`, { details: { stageId }, cause: reason });
}

/** Which time limit a `TIMEOUT` crossed. */
export type TimeLimit = 'timeoutMs' | 'firstChunkTimeoutMs' | 'idleTimeoutMs';

const TIME_LIMIT_WORDS: Readonly<Record<TimeLimit, string>> = {
  timeoutMs: 'no result',
  firstChunkTimeoutMs: 'no first chunk from the provider',
  idleTimeoutMs: 'no chunk from the provider',
};

/**
 * `TIMEOUT`: a time limit of the call ran out. `details.timeout` names the option
 * (`timeoutMs`, `firstChunkTimeoutMs`, `idleTimeoutMs`), `details.limit` its milliseconds (also
 * under the option's own name). `cause` is the provider failure the call was waiting to retry,
 * when the overall timeout came during a backoff wait.
 */
export function timeoutError(stageId: string, limit: TimeLimit, milliseconds: number, cause?: unknown): AgentCoreError {
  return new AgentCoreError('TIMEOUT', `stage "${stageId}": ${TIME_LIMIT_WORDS[limit]} within ${limit} (${milliseconds} ms)`, {
    details: { stageId, timeout: limit, [limit]: milliseconds, limit: milliseconds },
    cause,
  });
}

/** `OUTPUT_LIMIT`: streamed text plus argument characters passed `maxOutputChars`. */
export function outputLimitError(stageId: string, maxOutputChars: number, actual: number): AgentCoreError {
  return new AgentCoreError('OUTPUT_LIMIT', `stage "${stageId}": output reached ${actual} characters, over maxOutputChars (${maxOutputChars})`, {
    details: { stageId, maxOutputChars, limit: maxOutputChars, actual },
  });
}

/**
 * `OUTPUT_INVALID`: a provider yielded something that is not a chunk, or a chunk out of place.
 * The chunk is an input of the runner: the one door form, its field `chunks[<index>]…`.
 */
export function chunkError(stageId: string, issue: InputIssue): AgentCoreError {
  return inputError({ subject: `stage "${stageId}" provider output`, code: 'OUTPUT_INVALID', name: 'chunks' }, issue);
}

/**
 * `OUTPUT_INVALID`: the model's tool calls break the stage's tools (unknown tool, arguments not
 * JSON or failing the schema, cut off); `field` names the part of the call at fault (`toolId`, `args`).
 */
export function toolCallError(stageId: string, field: 'toolId' | 'args', message: string, details: JsonObject): AgentCoreError {
  return new AgentCoreError('OUTPUT_INVALID', `stage "${stageId}": ${message}`, { details: { stageId, field, ...details } });
}

/** `SINK_FAILED` (a warning): the runner's output sink (`sink: 'runner'`) or the call's own (`'call'`) threw or rejected on `event`; it receives no further events of the call. */
export function sinkFailedError(stageId: string, event: string, sink: 'runner' | 'call', message: string, cause: unknown): AgentCoreError {
  const which = sink === 'runner' ? 'the output sink' : "the call's output sink";
  return new AgentCoreError('SINK_FAILED', `stage "${stageId}": ${which} failed on ${event} (${message}); it receives no further events of this call`, {
    details: { stageId, event, sink },
    cause,
  });
}

/** `LOG_FAILED` (a warning): the logger threw or rejected when recording `type`. */
export function logFailedError(type: string, stageId: string, message: string, cause: unknown): AgentCoreError {
  return new AgentCoreError('LOG_FAILED', `the logger failed to record ${type}: ${message}`, { details: { type, stageId }, cause });
}

/** `PROVIDER_FAILED` of the retry convention (see `createProviderError`): details already hold `retryable`. */
export function providerFailedError(message: string, details: JsonObject, cause: unknown): AgentCoreError {
  return new AgentCoreError('PROVIDER_FAILED', message, { details, cause });
}

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
