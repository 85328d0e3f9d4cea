import type { BubbleView } from './bubble-view.js';

/** The preview of a plain-text stage: one bubble, the text so far. */
export interface TextStagePreview {
  /** Appends a text delta; returns true when the shown bubble changed. */
  write(delta: string): boolean;
  /** The stage ended well: shows a high surrogate held back at the end; returns true when that changed the bubble. */
  end(): boolean;
}

/**
 * Creates the preview of a plain-text stage, shown in `view` as one bubble from the first
 * non-empty delta on. A delta ending in a high surrogate (a provider chunking by UTF-16 unit)
 * has that unit held back until the next delta, so the bubble never ends inside a surrogate pair.
 */
export function createTextStagePreview(view: BubbleView): TextStagePreview {
  let text = '';
  let held = '';
  return {
    write(delta) {
      let piece = held === '' ? delta : held + delta;
      held = '';
      if (piece === '') return false;
      const last = piece.charCodeAt(piece.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        held = piece.slice(-1);
        piece = piece.slice(0, -1);
        if (piece === '') return false;
      }
      text += piece;
      return view.set(0, text);
    },
    end() {
      if (held === '') return false;
      text += held;
      held = '';
      return view.set(0, text);
    },
  };
}
