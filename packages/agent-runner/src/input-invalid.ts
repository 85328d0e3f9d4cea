import { AgentCoreError, type JsonObject } from '@jangts/agent-types';

/** An `INPUT_INVALID` error naming the offending request field (and `extra` details: `limit`, `actual`, …). */
export function inputInvalid(field: string, message: string, extra: JsonObject = {}): AgentCoreError {
  return new AgentCoreError('INPUT_INVALID', `invoke request: ${field} ${message}`, { details: { field, ...extra } });
}
