import { AgentCoreError } from '@jangts/agent-types';

/** An `INPUT_INVALID` error naming the offending request field. */
export function inputInvalid(field: string, message: string): AgentCoreError {
  return new AgentCoreError('INPUT_INVALID', `invoke request: ${field} ${message}`, { details: { field } });
}
