/**
 * A first-come, first-served limit on how many tasks may run at once: here, how many trace files
 * a store holds open for appending, so that a burst of traces never runs the process out of
 * file descriptors (`EMFILE`, records lost).
 */
export class AppendSlots {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  #head = 0;

  constructor(count: number) {
    this.#free = count;
  }

  /** Resolves with a one-shot release once a slot is free; slots are handed out in request order. */
  async acquire(): Promise<() => void> {
    if (this.#free > 0) this.#free -= 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#release();
    };
  }

  /** Hands the slot to the longest waiting task, or frees it. */
  #release(): void {
    const next = this.#waiting[this.#head];
    if (next === undefined) {
      this.#free += 1;
      return;
    }
    this.#head += 1;
    if (this.#head === this.#waiting.length || this.#head > 1024) {
      this.#waiting.splice(0, this.#head);
      this.#head = 0;
    }
    next();
  }
}
