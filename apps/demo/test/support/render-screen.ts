/**
 * What a terminal shows after `written`, for the few control sequences the demo uses:
 * `ESC[nF` (cursor to the start of the line n rows up) and `ESC[J` (clear to the end of the
 * screen). Anything else in an escape sequence fails the test, so new sequences get a look.
 */
export function renderScreen(written: string): string[] {
  const lines: string[] = [''];
  let row = 0;
  // eslint-disable-next-line no-control-regex -- reading terminal control sequences is the point
  const pattern = /\u001b\[(\d*)([A-Za-z])|\n|[^\u001b\n]+/gu;
  for (const [token, count, command] of written.matchAll(pattern)) {
    if (command === 'F') {
      row = Math.max(0, row - Number(count === '' ? '1' : count));
    } else if (command === 'J') {
      lines.length = row + 1;
      lines[row] = '';
    } else if (command !== undefined) {
      throw new Error(`unexpected control sequence ${JSON.stringify(token)}`);
    } else if (token === '\n') {
      row += 1;
      lines[row] ??= '';
    } else {
      lines[row] = (lines[row] ?? '') + token;
    }
  }
  while (lines.at(-1) === '') lines.pop();
  return lines;
}
