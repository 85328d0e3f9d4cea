import { AgentCoreError } from '@jangts/agent-core';

/** `CODE: message` for the library's errors (their code is stable, the message says what and where); the message for any other. */
export function describeError(error: unknown): string {
  if (AgentCoreError.isInstance(error)) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
