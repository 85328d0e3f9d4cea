import type { TerminalOutput } from '../../src/terminal/terminal-output.js';

/** A {@link TerminalOutput} that keeps what is written, as a pipe (default) or as a terminal. */
export interface CapturedOutput extends TerminalOutput {
  /** Everything written so far. */
  text(): string;
}

export function captureOutput(terminal?: { columns: number; rows: number }): CapturedOutput {
  const chunks: string[] = [];
  return {
    write(text: string) {
      chunks.push(text);
      return true;
    },
    ...(terminal === undefined ? {} : { isTTY: true, columns: terminal.columns, rows: terminal.rows }),
    text: () => chunks.join(''),
  };
}
