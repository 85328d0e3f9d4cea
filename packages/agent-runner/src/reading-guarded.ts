import { AgentCoreError, type AgentCoreErrorCode } from '@jangts/agent-types';

/**
 * Runs `read` (the validation of an argument) so that only `AgentCoreError` escapes: a throwing
 * getter or proxy becomes `code` naming `field` (rule `readable`), with what it threw as `cause`.
 */
export function readingGuarded<T>(code: AgentCoreErrorCode, field: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (AgentCoreError.isInstance(error)) throw error;
    throw new AgentCoreError(code, `${field} could not be read (reading it threw)`, { cause: error, details: { field, rule: 'readable' } });
  }
}
