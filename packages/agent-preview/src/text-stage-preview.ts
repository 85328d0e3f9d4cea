import type { BubbleView } from './bubble-view.js';
import { GrowingText } from '@jangts/agent-types/internal/json-reader';

/**
 * The preview of a plain-text stage, shown in `view` as one bubble, the text so far, from the
 * first non-empty delta on. A delta ending in a high surrogate (a provider chunking by UTF-16
 * unit) has that unit held back until the next delta, so the bubble never ends inside a
 * surrogate pair. The text is a {@link GrowingText}: a short chain of flat blocks, not one string
 * node per delta.
 */
export class TextStagePreview {
  readonly #text = new GrowingText();

  readonly #view: BubbleView;

  constructor(view: BubbleView) {
    this.#view = view;
  }

  /** Appends a text delta; returns true when the shown bubble changed. */
  write(delta: string): boolean {
    if (delta === '' || !this.#text.add(delta, delta.charCodeAt(delta.length - 1))) return false;
    return this.#view.set(0, this.#text.current());
  }

  /** The stage ended well: shows a high surrogate held back at the end; returns true when that changed the bubble. */
  end(): boolean {
    const before = this.#text.current();
    const text = this.#text.finish(false);
    return text !== before && this.#view.set(0, text);
  }
}
