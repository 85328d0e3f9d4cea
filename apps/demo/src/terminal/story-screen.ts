import { createLiveLines, type LiveLines } from './live-lines.js';
import { writeLine, type TerminalOutput } from './terminal-output.js';

/** How the live block of a {@link StoryScreen} looks. */
export interface LiveBlockStyle {
  /** The line printed above the block when it starts. */
  readonly heading: string;
  /** What every line of the block starts with. */
  readonly prefix: string;
  /** Printed in place of the block when it ends showing nothing (its content was withdrawn). */
  readonly withdrawnNote: string;
}

/**
 * The story's output: plain lines, and at most one live block at a time among them (the reply
 * preview), which starts at its first non-empty update. A line printed while the block is live ends the
 * block first, so a redraw never moves the cursor over someone else's line.
 */
export interface StoryScreen {
  /** Prints one line (ending the live block, if one is showing). */
  line(text?: string): void;
  /**
   * Shows `lines` in the live block, starting it (below its heading) at the first non-empty list;
   * an empty list while the block shows something withdraws it: the block ends with its note.
   */
  live(lines: readonly string[]): void;
  /** Ends the live block, if one is showing; returns whether one was. */
  endLive(): boolean;
}

/** A {@link StoryScreen} on `output`, its live block styled by `style`. */
export function createStoryScreen(output: TerminalOutput, style: LiveBlockStyle): StoryScreen {
  let block: LiveLines | undefined;
  const endLive = (): boolean => {
    if (block === undefined) return false;
    block.end(style.withdrawnNote);
    block = undefined;
    return true;
  };
  return {
    line(text = '') {
      endLive();
      writeLine(output, text);
    },
    live(lines) {
      if (block === undefined) {
        if (lines.length === 0) return;
        writeLine(output, style.heading);
        block = createLiveLines(output, style.prefix);
      }
      block.update(lines);
      // An empty list withdraws what the block showed (its model call failed or was refused):
      // the block ends with its note, and a later call's preview starts a new one below it.
      if (lines.length === 0) endLive();
    },
    endLive,
  };
}
