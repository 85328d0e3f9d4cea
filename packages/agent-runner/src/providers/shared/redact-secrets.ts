/** What replaces a secret in any text the providers report. */
export const REDACTED = '[redacted]';

/**
 * Replaces every occurrence of each secret (API key, credential header value) in `text` with
 * `[redacted]`. Longer secrets are replaced first so that a secret containing another is
 * removed whole.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret !== '') result = result.split(secret).join(REDACTED);
  }
  return result;
}
