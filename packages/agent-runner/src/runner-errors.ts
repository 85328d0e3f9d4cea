import { AgentCoreError } from '@jangts/agent-types';

/** `ABORTED`: the caller's signal fired; the signal's reason is kept as `cause`. */
export function abortedError(stageId: string, reason: unknown): AgentCoreError {
  return new AgentCoreError('ABORTED', `stage "${stageId}": the call was aborted`, { details: { stageId }, cause: reason });
}

/**
 * `TIMEOUT`: the overall `timeoutMs` of the call elapsed. `cause` is the provider failure the call
 * was waiting to retry, when the timeout came during a backoff wait.
 */
export function timeoutError(stageId: string, timeoutMs: number, cause?: unknown): AgentCoreError {
  return new AgentCoreError('TIMEOUT', `stage "${stageId}": no result within timeoutMs (${timeoutMs} ms)`, {
    details: { stageId, timeoutMs, limit: timeoutMs },
    cause,
  });
}

/** `OUTPUT_LIMIT`: streamed text plus argument characters passed `maxOutputChars`. */
export function outputLimitError(stageId: string, maxOutputChars: number, actual: number): AgentCoreError {
  return new AgentCoreError('OUTPUT_LIMIT', `stage "${stageId}": output reached ${actual} characters, over maxOutputChars (${maxOutputChars})`, {
    details: { stageId, maxOutputChars, limit: maxOutputChars, actual },
  });
}

/** `OUTPUT_INVALID`: the provider yielded something that is not a chunk (or a chunk out of place). */
export function invalidChunkError(stageId: string, index: number, problem: string, cause?: unknown): AgentCoreError {
  return new AgentCoreError('OUTPUT_INVALID', `stage "${stageId}": chunk ${index} ${problem}`, {
    details: { stageId, chunkIndex: index, reason: 'chunk' },
    cause,
  });
}

/** A short description of an unexpected value, for error messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') {
    const type = (value as { type?: unknown }).type;
    return typeof type === 'string' ? `an object of type "${type.slice(0, 40)}"` : 'an object without a known type';
  }
  return `a ${typeof value}`;
}
