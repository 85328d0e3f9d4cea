import { describeValue } from '@jangts/agent-types/internal';

/**
 * The message of a thrown value, for a message of ours: an `Error`'s `message` (or another
 * object's non-empty string `message`), a string as it is, anything else described (`null`,
 * `an object`). Never throws, even for a hostile value.
 */
export function thrownMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  try {
    const message: unknown = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
    if (typeof message === 'string' && (message !== '' || error instanceof Error)) return message;
  } catch {
    // A throwing getter or proxy trap says nothing.
  }
  return describeValue(error);
}
