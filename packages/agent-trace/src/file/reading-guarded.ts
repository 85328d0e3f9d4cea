import { AgentCoreError, type AgentCoreErrorCode } from '@jangts/agent-types';

function isStackOverflow(error: unknown): boolean {
  try {
    return error instanceof RangeError && /call stack/i.test(error.message);
  } catch {
    return false;
  }
}

/**
 * Runs `read` (the validation of an argument) so that only `AgentCoreError` escapes: a throwing
 * getter or proxy becomes `code` naming `field` (rule `readable`), with what it threw as `cause`;
 * a value nested too deeply to check becomes `code` naming `field` (rule `depth`).
 */
export function readingGuarded<T>(code: AgentCoreErrorCode, field: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (AgentCoreError.isInstance(error)) throw error;
    if (isStackOverflow(error)) {
      throw new AgentCoreError(code, `${field} is nested too deeply to be checked`, { cause: error, details: { field, rule: 'depth' } });
    }
    throw new AgentCoreError(code, `${field} could not be read (reading it threw)`, { cause: error, details: { field, rule: 'readable' } });
  }
}

/** Reads `object[key]`; a getter or proxy that throws is `code` naming `field` (see {@link readingGuarded}). */
export function readField(code: AgentCoreErrorCode, object: object, key: string, field: string): unknown {
  return readingGuarded(code, field, () => (object as Record<string, unknown>)[key]);
}
