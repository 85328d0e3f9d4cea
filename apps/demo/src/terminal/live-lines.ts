import { displayWidth, fitToWidth, wrapToWidth } from './display-width.js';
import { printableText } from './printable-text.js';
import { writeLine, type TerminalOutput } from './terminal-output.js';

/** A block of lines that keeps changing while a model streams, such as reply preview bubbles. */
export interface LiveLines {
  /** Shows `lines` as the current state of the block (`[]` withdraws it). */
  update(lines: readonly string[]): void;
  /** Ends the block: what it shows last stays on screen; if that is nothing, `emptyNote` is printed instead. */
  end(emptyNote: string): void;
}

/**
 * A live block whose every line starts with `prefix`. On a terminal (`output.isTTY`) the block
 * is redrawn in place on every update. Anywhere else (a pipe, a file, CI logs) cursor movements
 * would be garbage, so it falls back to plain lines.
 */
export function createLiveLines(output: TerminalOutput, prefix: string): LiveLines {
  return output.isTTY === true ? createRedrawnLines(output, prefix) : createAppendedLines(output, prefix);
}

// ANSI control sequences (ECMA-48): CSI n F moves the cursor to the start of the line n rows
// up; CSI J clears from the cursor to the end of the screen.
const cursorUpToLineStart = (rows: number): string => `\u001b[${rows}F`;
const clearToEndOfScreen = '\u001b[J';

/**
 * Redraws the block in place: move up over the rows drawn last time, clear, draw again. The
 * demo wraps the lines itself, so it knows how many rows it drew; a row the terminal wrapped on
 * its own would make the cursor land in the wrong place. The cursor cannot move above the top of
 * the screen, so a block taller than the terminal is drawn one row per line, cut to fit, keeping
 * the last lines (the ones still growing) in view. `end()` draws the last state in full, since
 * nothing is redrawn after it.
 */
function createRedrawnLines(output: TerminalOutput, prefix: string): LiveLines {
  let drawnRows = 0;
  let current: readonly string[] = [];
  const draw = (rows: readonly string[]): void => {
    let frame = drawnRows > 0 ? cursorUpToLineStart(drawnRows) + clearToEndOfScreen : '';
    for (const row of rows) frame += `${prefix}${row}\n`;
    output.write(frame);
    drawnRows = rows.length;
  };
  const width = (): number => Math.max(10, (output.columns ?? 80) - displayWidth(prefix) - 1);
  // Continuation rows are indented, so that where one line (one bubble) starts stays visible.
  const wrap = (lines: readonly string[]): string[] =>
    lines.flatMap((line) => wrapToWidth(printableText(line), width() - 2).map((row, index) => (index === 0 ? row : `  ${row}`)));
  return {
    update(lines) {
      current = lines;
      const height = Math.max(1, (output.rows ?? 24) - 1);
      const rows = wrap(lines);
      draw(rows.length <= height ? rows : lines.slice(-height).map((line) => fitToWidth(printableText(line), width())));
    },
    end(emptyNote) {
      if (current.length === 0) writeLine(output, `${prefix}${emptyNote}`);
      else draw(wrap(current));
    },
  };
}

/**
 * Appends plain lines: each line is printed once, when it is complete — when a later line has
 * started, or when the block ends. (Preview bubbles only ever grow at the end, so a line with a
 * successor no longer changes.) What was printed cannot be taken back: after a withdrawal the
 * block starts over, and ends with the empty note if nothing follows.
 */
function createAppendedLines(output: TerminalOutput, prefix: string): LiveLines {
  let printed = 0;
  let current: readonly string[] = [];
  const printUntil = (end: number): void => {
    for (; printed < end; printed += 1) writeLine(output, `${prefix}${printableText(current[printed] ?? '')}`);
  };
  return {
    update(lines) {
      if (lines.length < printed) printed = 0;
      current = lines;
      printUntil(lines.length - 1);
    },
    end(emptyNote) {
      if (current.length === 0) writeLine(output, `${prefix}${emptyNote}`);
      else printUntil(current.length);
    },
  };
}
