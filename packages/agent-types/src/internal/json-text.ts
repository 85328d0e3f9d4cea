/* Character tables and helpers of the partial-JSON reader's hot loop. */

/** JSON whitespace: space, line feed, carriage return, tab. */
export function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** The value of a hex digit's code unit, or -1. */
export function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x57;
  return -1;
}

/** Decoded text of each one-character escape (`\\n` → newline), indexed by the escape letter. */
export const ESCAPED_TEXT: (string | undefined)[] = [];
/** The code unit of each one-character escape, indexed by the escape letter. */
export const ESCAPED_UNITS: (number | undefined)[] = [];
for (const [letter, decoded] of [['"', '"'], ['\\', '\\'], ['/', '/'], ['b', '\b'], ['f', '\f'], ['n', '\n'], ['r', '\r'], ['t', '\t']] as const) {
  ESCAPED_TEXT[letter.charCodeAt(0)] = decoded;
  ESCAPED_UNITS[letter.charCodeAt(0)] = decoded.charCodeAt(0);
}

/**
 * 1 for each UTF-16 code unit that ends a run of plain text in a JSON string (`"`, `\\`, the
 * control characters), 0 for every other: one load and one comparison per character.
 */
export const STRING_STOPS = new Uint8Array(0x10000);
STRING_STOPS.fill(1, 0, 0x20);
STRING_STOPS[0x22] = 1;
STRING_STOPS[0x5c] = 1;

/** Characters that stand for themselves in a JSON string, as a sticky run matcher. */
// eslint-disable-next-line no-control-regex -- the class excludes the control characters JSON forbids in strings
export const PLAIN_RUN = /[^"\\\u0000-\u001f]*/y;
/** From this many characters left in a chunk on, runs are found with {@link PLAIN_RUN}. */
export const LONG_RUN = 64;

/** The code unit written by the four hex digits at `at`, or -1 when one is not a hex digit. */
export function hex4(chunk: string, at: number): number {
  const first = hexValue(chunk.charCodeAt(at));
  const second = hexValue(chunk.charCodeAt(at + 1));
  const third = hexValue(chunk.charCodeAt(at + 2));
  const fourth = hexValue(chunk.charCodeAt(at + 3));
  if ((first | second | third | fourth) < 0) return -1;
  return (first << 12) | (second << 8) | (third << 4) | fourth;
}

/** A code unit as an error message shows it. */
export function describe(code: number): string {
  return code < 0x20 ? `control character U+${code.toString(16).padStart(4, '0')}` : JSON.stringify(String.fromCharCode(code));
}
