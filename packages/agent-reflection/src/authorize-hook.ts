import type { JsonObject } from '@jangts/agent-types';
import { abortable } from './abortable.js';
import { deniedError, unauthorizedError } from './errors.js';

/**
 * Runs the App's authorization hook `hook` (`call`), raced with `signal`, and fails closed: a
 * throw or rejection of any value is `UNAUTHORIZED` (the value as `cause`), and so is a hook that
 * returns or resolves to `false` (typed to return nothing, but an App's `false` means "denied").
 * `ABORTED` (`step`) when the signal fires first, even if the hook never settles.
 */
export async function authorizeHook(hook: string, call: () => unknown, signal: AbortSignal, step: string, details: JsonObject = {}): Promise<void> {
  let verdict: unknown;
  try {
    verdict = await abortable(call, signal, step);
  } catch (error) {
    if (signal.aborted) throw error;
    throw unauthorizedError(hook, error, details);
  }
  if (verdict === false) throw deniedError(hook, details);
}
