/**
 * Terminal cell widths, so that a live line can be cut to fit one row exactly: a line that
 * wraps would break the cursor arithmetic of an in-place redraw.
 *
 * An approximation of `wcwidth` that is good enough for a demo: East Asian wide and fullwidth
 * characters and most emoji take two cells, combining marks and zero-width characters none,
 * everything else one.
 */

/** Code point ranges (inclusive) of combining marks, zero-width spaces and joiners, variation selectors. */
const ZERO_WIDTH: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x200b, 0x200f],
  [0x20d0, 0x20ff],
  [0xfe00, 0xfe0f],
  [0xfe20, 0xfe2f],
];

/** Code point ranges (inclusive) of Hangul, CJK, fullwidth forms and the common emoji blocks. */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

const within = (code: number, ranges: readonly (readonly [number, number])[]): boolean => ranges.some(([from, to]) => code >= from && code <= to);

/** Cells one code point takes. */
function cellWidth(character: string): number {
  const code = character.codePointAt(0) ?? 0;
  if (within(code, ZERO_WIDTH)) return 0;
  return within(code, WIDE) ? 2 : 1;
}

/** Cells `text` takes on one terminal row. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) width += cellWidth(character);
  return width;
}

/** `text` cut to at most `width` cells, ending in `…` when something was cut. */
export function fitToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let fitted = '';
  let used = 0;
  for (const character of text) {
    const next = cellWidth(character);
    if (used + next > width - 1) break;
    fitted += character;
    used += next;
  }
  return `${fitted.trimEnd()}…`;
}

/** `text` padded with spaces to `width` cells. */
export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/**
 * `text` broken into rows of at most `width` cells: at the last space that fits when there is
 * one (the space is dropped), else inside the word.
 */
export function wrapToWidth(text: string, width: number): string[] {
  const rows: string[] = [];
  let row = '';
  let used = 0;
  let lastSpace = -1;
  for (const character of text) {
    const next = cellWidth(character);
    if (used + next > width && row !== '') {
      const breakAt = lastSpace > 0 ? lastSpace : row.length;
      rows.push(row.slice(0, breakAt));
      row = row.slice(breakAt).replace(/^ /, '');
      used = displayWidth(row);
      lastSpace = -1;
    }
    if (character === ' ') lastSpace = row.length;
    row += character;
    used += next;
  }
  rows.push(row);
  return rows;
}
