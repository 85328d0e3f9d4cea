/**
 * Splits a `*.chunks.jsonl` recording that holds several Messages API responses (one after the
 * other, each ending with `message_stop`) into one recording per response.
 */
export function splitMessages(jsonl: string): string[] {
  const sessions: string[] = [];
  let current = '';
  for (const line of jsonl.split('\n')) {
    if (line.trim() === '') continue;
    current += `${line}\n`;
    if ((JSON.parse(line) as { type?: string }).type === 'message_stop') {
      sessions.push(current);
      current = '';
    }
  }
  if (current !== '') sessions.push(current);
  return sessions;
}
