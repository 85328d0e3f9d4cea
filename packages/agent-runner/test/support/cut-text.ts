/** Splits `text` at the given cut points (any UTF-16 offset, taken modulo the length + 1, surrogate pairs included; in any order, repeats ignored). */
export function cutText(text: string, points: readonly number[]): string[] {
  const offsets = [...new Set(points.map((point) => point % (text.length + 1)))].sort((left, right) => left - right);
  const pieces: string[] = [];
  let start = 0;
  for (const offset of offsets) {
    pieces.push(text.slice(start, offset));
    start = offset;
  }
  pieces.push(text.slice(start));
  return pieces;
}
