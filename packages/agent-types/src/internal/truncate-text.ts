/**
 * `text` cut to at most `maxChars` UTF-16 code units followed by `…`, never inside a surrogate
 * pair; `text` itself when it is short enough.
 */
export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let end = maxChars;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
