/** How many appended pieces are joined into one flat block. */
const BLOCK_PIECES = 1024;

/**
 * Makes V8 (and other engines with rope strings) copy a concatenated string into one flat
 * string: reading a character of a rope flattens it in place.
 */
function flatten(text: string): void {
  if (text.length > 0) lastRead = text.charCodeAt(0);
}
/** Written by {@link flatten} so the read is not optimized away; never read. */
export let lastRead = 0;

/**
 * The decoded text of a string value as it streams in: appending is one concatenation, reading
 * the text so far is O(1), and it never ends in half a surrogate pair.
 *
 * Every {@link BLOCK_PIECES} pieces are joined into one flat block, so a long string is kept as a
 * short chain of flat blocks rather than one small object per chunk. A chain of 65,536 small
 * pieces is what the garbage collector would otherwise copy on every young-generation collection
 * while the string grows; joining costs one more copy of each character.
 */
export class GrowingText {
  /** The completed blocks, a short chain of flat strings. */
  #base = '';
  /** The pieces appended since the last block was completed. */
  #block = '';
  #pieces = 0;
  /** A high surrogate held back until its low half arrives. */
  #held = '';
  /** {@link current}'s answer until the next change. */
  #text: string | undefined = '';

  /** Empties the text for a new string. */
  reset(): void {
    this.#base = '';
    this.#block = '';
    this.#pieces = 0;
    this.#held = '';
    this.#text = '';
  }

  /**
   * Appends decoded text whose last code unit is `lastCode`. A trailing high surrogate is held
   * back until the next piece, so {@link current} never shows half a surrogate pair. Returns
   * whether {@link current} changed (not when all that came was a held-back high surrogate).
   */
  add(piece: string, lastCode: number): boolean {
    if (this.#held !== '') {
      piece = this.#held + piece;
      this.#held = '';
    }
    if (lastCode >= 0xd800 && lastCode <= 0xdbff) {
      this.#held = piece.slice(-1);
      piece = piece.slice(0, -1);
      if (piece === '') return false;
    }
    this.#block = this.#block === '' ? piece : this.#block + piece;
    this.#text = undefined;
    if (++this.#pieces === BLOCK_PIECES) this.#completeBlock();
    return true;
  }

  /** The text so far, without a held surrogate. */
  current(): string {
    if (this.#text !== undefined) return this.#text;
    const base = this.#base;
    const block = this.#block;
    this.#text = base === '' ? block : block === '' ? base : base + block;
    return this.#text;
  }

  /**
   * The whole text once the string is closed, a held surrogate included. With `compact` the
   * pending pieces are joined first; without, a text that did not change since the last
   * {@link current} comes back as the very same string, which compares equal at once.
   */
  finish(compact: boolean): string {
    if (this.#held !== '') {
      this.#block = this.#block + this.#held;
      this.#held = '';
      this.#text = undefined;
      this.#pieces++;
    }
    if (compact && this.#pieces > 1) this.#completeBlock();
    return this.current();
  }

  #completeBlock(): void {
    flatten(this.#block);
    this.#base = this.#base === '' ? this.#block : this.#base + this.#block;
    this.#block = '';
    this.#pieces = 0;
    this.#text = undefined;
  }
}
