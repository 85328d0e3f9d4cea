/**
 * Where the demo writes: `process.stdout` / `process.stderr`, or a capture in tests.
 * `process.stdout` fits this shape as it is.
 */
export interface TerminalOutput {
  write(text: string): unknown;
  /** True when a person is watching a terminal: the live preview then redraws in place. */
  readonly isTTY?: boolean;
  /** Width of the terminal in columns, when it is one. */
  readonly columns?: number;
  /** Height of the terminal in rows, when it is one. */
  readonly rows?: number;
}

/** Writes one line (the newline is added). */
export function writeLine(output: TerminalOutput, text = ''): void {
  output.write(`${text}\n`);
}
