import { AgentCoreError } from '@jangts/agent-types';
import { inputError, type RuleIssue } from '@jangts/agent-types/internal';

/** A turn's model call failed for a reason the model cannot fix: the error as the turn reports it (an `AgentCoreError` kept as is). */
export function modelFailure(error: unknown): AgentCoreError {
  return AgentCoreError.from(error, 'PROVIDER_FAILED');
}

/** `CONFIG_INVALID`: a tool's parameter schema does not compile. */
export function parametersInvalidError(index: number, cause: unknown): AgentCoreError {
  const reason = AgentCoreError.isInstance(cause) || cause instanceof Error ? cause.message : 'it threw';
  return inputError(
    { subject: 'defineTurn options', code: 'CONFIG_INVALID', name: 'options' },
    { path: ['tools', index, 'spec', 'parameters'], rule: 'schema', problem: `does not compile: ${reason}`, cause },
  );
}

/** `INPUT_INVALID`: a run request whose fragments and history are both empty (the model would get no input). */
export function emptyInputError(): AgentCoreError {
  return inputError({ subject: 'turn.run request', code: 'INPUT_INVALID', name: 'request' }, { path: ['history'], rule: 'length', problem: 'is empty and so is the context assembled from fragments: the model would get no input' });
}

/** `INPUT_INVALID`: a state that does not belong to this turn (another stage, a tool it does not have, arguments failing their schema). */
export function stateInvalidError(issue: RuleIssue): AgentCoreError {
  return inputError({ subject: 'turn.resume', code: 'INPUT_INVALID', name: 'state', qualify: true }, { ...issue, path: issue.path ?? [] });
}

/** `APPROVAL_INVALID`: a state whose calls are not the ones recorded (digest, binding) or that was resumed already. */
export function stateApprovalError(issue: RuleIssue): AgentCoreError {
  return inputError({ subject: 'turn.resume', code: 'APPROVAL_INVALID', name: 'state', qualify: true }, { ...issue, path: issue.path ?? [] });
}

/** `APPROVAL_INVALID`: decisions that do not match the calls awaiting approval (unknown, repeated, not pending, missing). */
export function decisionInvalidError(issue: RuleIssue): AgentCoreError {
  return inputError({ subject: 'turn.resume request', code: 'APPROVAL_INVALID', name: 'request' }, { ...issue, path: issue.path ?? [] });
}

/** `INPUT_INVALID`: fragments that passed their checks but could not be copied into the turn (a getter or proxy that threw). */
export function fragmentsUnreadableError(cause: unknown): AgentCoreError {
  return inputError({ subject: 'turn.run request', code: 'INPUT_INVALID', name: 'request' }, { path: ['fragments'], rule: 'readable', problem: 'could not be copied (reading them threw)', cause });
}

/** `INPUT_BUDGET`: a tool result of the history given is longer than `maxToolResultChars`. */
export function toolResultTooLongError(subject: string, name: string, path: readonly (string | number)[], length: number, maxToolResultChars: number): AgentCoreError {
  return inputError(
    { subject, code: 'INPUT_BUDGET', name, qualify: name === 'state' },
    { path: [...path, 'content'], rule: 'budget', problem: `is ${length} characters, over maxToolResultChars (${maxToolResultChars})`, limit: maxToolResultChars, actual: length },
  );
}
