import { AgentCoreError } from '@jangts/agent-types';

/**
 * `JSON.stringify` that never throws a bare error: a value that cannot be serialised (a cycle,
 * a `BigInt`) is `INPUT_INVALID` naming `what`.
 */
export function toJsonText(provider: string, what: string, value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    throw new AgentCoreError('INPUT_INVALID', `${provider} provider: ${what} cannot be serialised as JSON`, {
      details: { provider, field: what },
      cause: error,
    });
  }
}
