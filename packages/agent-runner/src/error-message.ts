/**
 * The message of a thrown value, for an error message of ours: an `Error`'s `message`, a string
 * as is, anything else converted. Never throws, even for a hostile proxy or a throwing getter.
 */
export function errorMessage(error: unknown, fallback = 'unknown failure'): string {
  if (typeof error === 'string') return error;
  try {
    if (error instanceof Error) return typeof error.message === 'string' ? error.message : fallback;
    return String(error);
  } catch {
    return fallback;
  }
}
