import { budgetCut, capBubbles } from './cap-bubbles.js';

/**
 * The bubbles a stage shows, kept within a character budget and updated in place: growing the
 * last bubble or adding one costs O(1); the sink gets a copy.
 */
export class BubbleView {
  private readonly items: string[] = [];
  private chars = 0;
  private isFull = false;
  /** The bubbles changed since {@link takeChange} was last called. */
  private changed = false;

  /** @param maxChars - the budget in UTF-16 code units (`Infinity` for none). */
  constructor(readonly maxChars: number) {}

  /** How many bubbles are shown. */
  get length(): number {
    return this.items.length;
  }

  /** True while the budget is used up: growing the last bubble or adding one changes nothing ({@link set}). */
  get full(): boolean {
    return this.isFull;
  }

  /**
   * Sets bubble `index`: the last one, or a new one when `index` is the length. Once the budget is
   * used up nothing changes any more. Returns true when the shown bubbles changed.
   */
  set(index: number, value: string): boolean {
    if (this.isFull) return false;
    const previous = this.items[index];
    if (previous === value) return false;
    const before = this.chars - (previous === undefined ? 0 : previous.length);
    const remaining = this.maxChars - before;
    if (value.length <= remaining) {
      this.items[index] = value;
      this.chars = before + value.length;
      this.isFull = value.length === remaining;
      this.changed = true;
      return true;
    }
    this.isFull = true;
    const cut = budgetCut(value, remaining);
    if (cut === 0) return false;
    const shown = value.slice(0, cut);
    if (shown === previous) return false;
    this.items[index] = shown;
    this.chars = before + shown.length;
    this.changed = true;
    return true;
  }

  /**
   * Replaces every bubble (a change that is not at the end), capped to the budget; {@link takeChange}
   * tells whether the shown bubbles changed. Works on a full view too: a change before the cut
   * (an earlier proposal growing) moves the cut earlier.
   */
  replace(values: readonly string[]): void {
    const capped = capBubbles(values, this.maxChars);
    this.isFull = capped.full;
    const next = capped.bubbles;
    let same = next.length === this.items.length;
    for (let index = 0; same && index < next.length; index++) same = next[index] === this.items[index];
    if (same) return;
    this.items.length = 0;
    this.chars = 0;
    for (const bubble of next) {
      this.items.push(bubble);
      this.chars += bubble.length;
    }
    this.changed = true;
  }

  /** Whether the bubbles changed since the last call (the first: since the view was made). */
  takeChange(): boolean {
    const changed = this.changed;
    this.changed = false;
    return changed;
  }

  /**
   * A fresh copy of the shown bubbles, for the sink. Not frozen: freezing an array costs twice
   * what copying a short one does, and this runs at nearly every delta.
   */
  snapshot(): readonly string[] {
    return this.items.slice();
  }
}
