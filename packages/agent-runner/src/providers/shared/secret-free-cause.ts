import { isRecord } from './is-record.js';

/**
 * Returns `error` to keep as the `cause` of a provider error, or `undefined` when its message or
 * stack (or those of its own causes) contain a secret, so that a secret can never travel with
 * the error.
 */
export function secretFreeCause(error: unknown, secrets: readonly string[]): unknown {
  const present = secrets.filter((secret) => secret !== '');
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    const texts = isRecord(current) ? [current.message, current.stack] : [current];
    for (const text of texts) {
      if (typeof text === 'string' && present.some((secret) => text.includes(secret))) return undefined;
    }
    current = isRecord(current) ? current.cause : undefined;
  }
  return error;
}
