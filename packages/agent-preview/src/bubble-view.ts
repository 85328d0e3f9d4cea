import { budgetCut, capBubbles } from './cap-bubbles.js';

/** {@link BubbleView.takeChange} when nothing changed. */
export const NO_CHANGE = -1;

/**
 * The bubbles a stage shows, kept within a character budget and updated in place: growing the
 * last bubble or adding one costs O(1). {@link items} is the live list the sink is handed (no
 * copy is made); the view remembers the first index that changed since the sink's last call.
 */
export class BubbleView {
  /** The shown bubbles: the live list, changed in place. */
  readonly items: string[] = [];
  #chars = 0;
  #isFull = false;
  /** The first index changed since {@link takeChange} was last called ({@link NO_CHANGE}: none). */
  #from = NO_CHANGE;

  /** @param maxChars - the budget in UTF-16 code units (`Infinity` for none). */
  constructor(readonly maxChars: number) {}

  /** True while the budget is used up: growing the last bubble or adding one changes nothing ({@link set}). */
  get full(): boolean {
    return this.#isFull;
  }

  /**
   * Sets bubble `index`: the last one, or a new one when `index` is the length. Once the budget is
   * used up nothing changes any more. Returns true when the shown bubbles changed.
   */
  set(index: number, value: string): boolean {
    if (this.#isFull) return false;
    const items = this.items;
    const previous = items[index];
    if (previous === value) return false;
    const before = this.#chars - (previous === undefined ? 0 : previous.length);
    const remaining = this.maxChars - before;
    let shown = value;
    if (value.length > remaining) {
      this.#isFull = true;
      const cut = budgetCut(value, remaining);
      if (cut === 0) return false;
      shown = value.slice(0, cut);
      if (shown === previous) return false;
    } else {
      this.#isFull = value.length === remaining;
    }
    items[index] = shown;
    this.#chars = before + shown.length;
    if (this.#from === NO_CHANGE || index < this.#from) this.#from = index;
    return true;
  }

  /**
   * Replaces every bubble (a change that is not at the end), capped to the budget, from the first
   * one that differs on. Works on a full view too: a change before the cut (an earlier proposal
   * growing) moves the cut earlier.
   */
  replace(values: readonly string[]): void {
    const capped = capBubbles(values, this.maxChars);
    this.#isFull = capped.full;
    const next = capped.bubbles;
    const items = this.items;
    let first = 0;
    while (first < next.length && first < items.length && next[first] === items[first]) first++;
    if (first === next.length && first === items.length) return;
    items.length = first;
    let chars = 0;
    for (let index = 0; index < first; index++) chars += (items[index] as string).length;
    for (let index = first; index < next.length; index++) {
      const bubble = next[index] as string;
      items.push(bubble);
      chars += bubble.length;
    }
    this.#chars = chars;
    if (this.#from === NO_CHANGE || first < this.#from) this.#from = first;
  }

  /** The first index changed since the last call (the first: since the view was made), or {@link NO_CHANGE}. */
  takeChange(): number {
    const from = this.#from;
    this.#from = NO_CHANGE;
    return from;
  }
}
