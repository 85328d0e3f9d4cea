/** What replaces a secret in any text the providers report. */
export const REDACTED = '[redacted]';

/**
 * The spellings a server may echo a secret in: as is, escaped in a JSON string (`"` and `\`, and
 * `/` as `\/` as some servers write it), and URL-encoded.
 */
function spellings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [...new Set([secret, json, json.replaceAll('/', '\\/'), encodeURIComponent(secret)])];
}

/**
 * Replaces every occurrence of each secret (API key, credential header value) in `text` with
 * `[redacted]`, in each spelling a server may echo it in (as is, JSON-escaped, URL-encoded).
 * Longer spellings are replaced first so that a secret containing another is removed whole.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  const all = secrets.filter((secret) => secret !== '').flatMap(spellings);
  for (const secret of all.sort((a, b) => b.length - a.length)) {
    result = result.split(secret).join(REDACTED);
  }
  return result;
}
