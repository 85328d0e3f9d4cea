import { truncateText } from '@jangts/agent-types/internal';

/** Longest message of a thrown value that goes into one of ours. */
const MAX_MESSAGE_CHARS = 1000;

/**
 * The message of a thrown value, for an error message of ours, cut after `maxChars` (1,000 by
 * default; the value itself stays as the `cause`): an `Error`'s `message`, a string as is, another object's
 * `message` or its JSON (first 200 characters), `undefined`/`null` named as such, anything else
 * converted; never `[object Object]`. Never throws, even for a hostile proxy or a throwing getter.
 */
export function errorMessage(error: unknown, fallback = 'unknown failure', maxChars = MAX_MESSAGE_CHARS): string {
  return truncateText(fullMessage(error, fallback), maxChars);
}

function fullMessage(error: unknown, fallback: string): string {
  if (typeof error === 'string') return error;
  try {
    if (error instanceof Error) return typeof error.message === 'string' ? error.message : fallback;
    if (error === undefined || error === null) return `${fallback} (${String(error)} was thrown)`;
    if (typeof error === 'number' || typeof error === 'boolean' || typeof error === 'bigint') return String(error);
    if (typeof error === 'symbol') return error.toString();
    if (typeof error !== 'object') return `${fallback} (a function was thrown)`;
    // An object that is not an Error: its own message, if it carries one, else a short JSON form.
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
    const text = JSON.stringify(error);
    return typeof text === 'string' && text !== '{}' ? text.slice(0, 200) : `${fallback} (a non-Error object was thrown)`;
  } catch {
    return fallback;
  }
}
