import { redactSecrets } from '../http/secrets.js';

/** Longest body excerpt a provider error carries, in UTF-16 code units. */
export const MAX_EXCERPT_CHARS = 1000;

/**
 * A bounded, secret-free excerpt of a response body or event data: secrets redacted first,
 * then cut to {@link MAX_EXCERPT_CHARS} (never inside a surrogate pair) with `…` marking a cut.
 */
export function excerpt(text: string, secrets: readonly string[]): string {
  const clean = redactSecrets(text, secrets).trim();
  if (clean.length <= MAX_EXCERPT_CHARS) return clean;
  let end = MAX_EXCERPT_CHARS;
  const code = clean.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${clean.slice(0, end)}…`;
}
