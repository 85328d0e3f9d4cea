import { AgentCoreError, type AgentCoreErrorCode } from '@jangts/agent-types';

/**
 * Runs `read` (the reading of options or an event) so that only `AgentCoreError` escapes: a
 * throwing getter or proxy becomes `code` for `field` (`rule: 'readable'`), with what it threw as
 * `cause`; `subject` starts the message (`createReplyPreview: options`).
 */
export function readingGuarded<T>(code: AgentCoreErrorCode, subject: string, field: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (AgentCoreError.isInstance(error)) throw error;
    throw new AgentCoreError(code, `${subject} could not be read (reading it threw)`, { cause: error, details: { field, rule: 'readable' } });
  }
}
