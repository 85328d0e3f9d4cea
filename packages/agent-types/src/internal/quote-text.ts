import { truncateText } from './truncate-text.js';

const MAX_QUOTED_CHARS = 60;

/** `text` as a JSON string literal, cut after 60 UTF-16 code units (never inside a surrogate pair). */
export function quoteText(text: string): string {
  const cut = truncateText(text, MAX_QUOTED_CHARS);
  return cut === text ? JSON.stringify(text) : `${JSON.stringify(cut.slice(0, -1))}…`;
}
