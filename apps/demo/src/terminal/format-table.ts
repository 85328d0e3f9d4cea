import { padToWidth, displayWidth } from './display-width.js';

/** Column alignment of {@link formatTable}. */
export type ColumnAlign = 'left' | 'right';

/**
 * Rows of cells as aligned text lines, columns separated by two spaces. The first row is the
 * header. `align` gives each column's alignment (default left).
 */
export function formatTable(rows: readonly (readonly string[])[], align: readonly ColumnAlign[] = []): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, column) => {
      widths[column] = Math.max(widths[column] ?? 0, displayWidth(cell));
    });
  }
  return rows.map((row) =>
    row
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return align[column] === 'right' ? ' '.repeat(width - displayWidth(cell)) + cell : padToWidth(cell, width);
      })
      .join('  ')
      .trimEnd(),
  );
}
