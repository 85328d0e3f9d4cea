import { AgentCoreError, type JsonObject } from '@jangts/agent-types';

/**
 * Fails closed on an authorization hook that returned `false`: the hooks are typed to return
 * nothing and deny by throwing or rejecting, but an App that returns `false` means "denied", and
 * reading it as "allowed" would open what it meant to close. Throws `UNAUTHORIZED` naming the
 * `hook` (with `details`).
 */
export function denyOnFalse(verdict: unknown, hook: string, details: JsonObject = {}): void {
  if (verdict === false) {
    throw new AgentCoreError('UNAUTHORIZED', `reflection: ${hook} refused: it returned false`, { details: { hook, ...details } });
  }
}
