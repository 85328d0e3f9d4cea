/** How many appended pieces are joined into one flat block. */
const BLOCK_PIECES = 1024;

/** What {@link flatten} read last, kept so that the read is not optimized away. */
export let lastRead = 0;

/** Makes V8 (and other engines with rope strings) copy a concatenated string into one flat string: reading a character flattens it. */
function flatten(text: string): void {
  lastRead = text.charCodeAt(0);
}

/**
 * Text that grows by many small pieces (a model's deltas): appending is one concatenation, and
 * every {@link BLOCK_PIECES} pieces are joined into one flat block, so the text is held as a short
 * chain of flat blocks, about its own size, instead of one small string object per delta.
 */
export class TextAccumulator {
  /** The completed blocks. */
  private blocks = '';
  /** The pieces appended since the last block was completed. */
  private block = '';
  private pieces = 0;

  /** Appends a non-empty piece. */
  add(piece: string): void {
    this.block = this.pieces === 0 ? piece : this.block + piece;
    if (++this.pieces === BLOCK_PIECES) {
      flatten(this.block);
      this.blocks = this.blocks === '' ? this.block : this.blocks + this.block;
      this.block = '';
      this.pieces = 0;
    }
  }

  /** The text so far. */
  text(): string {
    return this.pieces === 0 ? this.blocks : this.blocks === '' ? this.block : this.blocks + this.block;
  }
}
