/** A tool result as the model reads it: at most `maxChars` characters, and its length before a cut. */
export interface CutToolResult {
  readonly content: string;
  /** The length of the whole result, when it was cut. */
  readonly cutFrom?: number;
}

/**
 * `content` cut to at most `maxChars` UTF-16 code units, never inside a surrogate pair. A cut
 * result ends in a note giving the whole length, when the note takes at most half the limit.
 */
export function cutToolResult(content: string, maxChars: number): CutToolResult {
  if (content.length <= maxChars) return { content };
  const note = `… [cut from ${content.length} characters]`;
  const withNote = note.length * 2 <= maxChars;
  let keep = withNote ? maxChars - note.length : maxChars;
  const last = content.charCodeAt(keep - 1);
  if (last >= 0xd800 && last <= 0xdbff) keep -= 1;
  return { content: `${content.slice(0, keep)}${withNote ? note : ''}`, cutFrom: content.length };
}
