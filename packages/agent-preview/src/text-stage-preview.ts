import type { BubbleView } from './bubble-view.js';

/**
 * The preview of a plain-text stage, shown in `view` as one bubble, the text so far, from the
 * first non-empty delta on. A delta ending in a high surrogate (a provider chunking by UTF-16
 * unit) has that unit held back until the next delta, so the bubble never ends inside a
 * surrogate pair.
 */
export class TextStagePreview {
  private text = '';
  private held = '';

  constructor(private readonly view: BubbleView) {}

  /** Appends a text delta; returns true when the shown bubble changed. */
  write(delta: string): boolean {
    let piece = this.held === '' ? delta : this.held + delta;
    this.held = '';
    if (piece === '') return false;
    const last = piece.charCodeAt(piece.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.held = piece.slice(-1);
      piece = piece.slice(0, -1);
      if (piece === '') return false;
    }
    this.text += piece;
    return this.view.set(0, this.text);
  }

  /** The stage ended well: shows a high surrogate held back at the end; returns true when that changed the bubble. */
  end(): boolean {
    if (this.held === '') return false;
    this.text += this.held;
    this.held = '';
    return this.view.set(0, this.text);
  }
}
