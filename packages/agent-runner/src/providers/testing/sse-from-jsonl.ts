/**
 * Frames a `*.chunks.jsonl` recording (one event JSON per line) as an SSE body: `data: <line>`
 * and a blank line per event; with `namedEvents`, an `event: <type>` line first (Anthropic).
 */
export function sseFromJsonl(jsonl: string, namedEvents: boolean): string {
  return jsonl
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const type = namedEvents ? (JSON.parse(line) as { type?: string }).type : undefined;
      return `${type === undefined ? '' : `event: ${type}\n`}data: ${line}\n\n`;
    })
    .join('');
}
