/** What replaces a secret in any text the providers report. */
export const REDACTED = '[redacted]';

/** A regular-expression class matching one hex digit in either case (`[aA]`), or the digit itself. */
function hexDigit(digit: string): string {
  const lower = digit.toLowerCase();
  const upper = digit.toUpperCase();
  return lower === upper ? digit : `[${lower}${upper}]`;
}

function hexPattern(value: number, width: number): string {
  return Array.from(value.toString(16).padStart(width, '0'), hexDigit).join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** The ways a server may write one character of a secret: as is, JSON-escaped, URL-encoded, or form-encoded. */
function characterPattern(character: string): string {
  const ways = [escapeRegExp(character)];
  // JSON: any character as \uXXXX (a pair of them outside the BMP), `"` and `\` escaped, `/` as `\/`.
  const units = [...Array(character.length).keys()].map((index) => `\\\\u${hexPattern(character.charCodeAt(index), 4)}`);
  ways.push(units.join(''));
  if (character === '"' || character === '\\' || character === '/') ways.push(`\\\\${escapeRegExp(character)}`);
  // URL: the UTF-8 bytes as %XX, in either case.
  const bytes = new TextEncoder().encode(character);
  ways.push([...bytes].map((byte) => `%${hexPattern(byte, 2)}`).join(''));
  // Form encoding (application/x-www-form-urlencoded, a query written by URLSearchParams): `+` for a space.
  if (character === ' ') ways.push('\\+');
  return `(?:${ways.join('|')})`;
}

/** A pattern matching `secret` in any mix of the spellings {@link characterPattern} allows. */
function secretPattern(secret: string): string {
  return Array.from(secret, characterPattern).join('');
}

/**
 * Replaces every occurrence of each secret (API key, credential header value) in `text` with
 * `[redacted]`, in every spelling a server may echo it in: as is, JSON-escaped (`\"`, `\\`, `\/`,
 * any character as `\uXXXX` in either case), URL-encoded (`%XX` in either case) and form-encoded
 * (`+` for a space), or any mix of these. Longer secrets are replaced first so that a secret containing another is removed whole.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  const unique = [...new Set(secrets.filter((secret) => secret !== ''))].sort((a, b) => b.length - a.length);
  for (const secret of unique) {
    result = result.replace(new RegExp(secretPattern(secret), 'g'), REDACTED);
  }
  return result;
}
