/** How many appended pieces are joined into one flat chunk. */
const CHUNK_PIECES = 16;

/** How many appended pieces (in chunks) are joined into one flat block. */
const BLOCK_PIECES = 1024;

/** What {@link flatten} read last, kept so that the read is not optimized away. */
export let lastRead = 0;

/** Makes V8 (and other engines with rope strings) copy a concatenated string into one flat string: reading a character flattens it. */
function flatten(text: string): void {
  lastRead = text.charCodeAt(0);
}

/**
 * Text that grows by many small pieces (a model's deltas). The last pieces wait in a small list
 * until {@link CHUNK_PIECES} of them are joined into one flat chunk; chunks are concatenated, and
 * every {@link BLOCK_PIECES} pieces the chunks are joined into one flat block. The text is held as
 * a short chain of flat blocks, about its own size, and while it streams a piece is held for a few
 * deltas only, not as one string object per delta (which the garbage collector would copy, delta
 * by delta, for as long as the call runs).
 */
export class TextAccumulator {
  /** The completed blocks. */
  private blocks = '';
  /** The chunks joined since the last block was completed. */
  private block = '';
  private blockPieces = 0;
  /** The pieces appended since the last chunk was joined: the first `waiting` entries (made at the first piece). */
  private pieces: string[] | undefined;
  private waiting = 0;

  /** Appends a non-empty piece. */
  add(piece: string): void {
    const pieces = (this.pieces ??= new Array<string>(CHUNK_PIECES));
    pieces[this.waiting++] = piece;
    if (this.waiting === CHUNK_PIECES) {
      this.waiting = 0;
      this.addChunk(pieces.join(''));
    }
  }

  private addChunk(chunk: string): void {
    this.block = this.block === '' ? chunk : this.block + chunk;
    this.blockPieces += CHUNK_PIECES;
    if (this.blockPieces === BLOCK_PIECES) {
      flatten(this.block);
      this.blocks = this.blocks === '' ? this.block : this.blocks + this.block;
      this.block = '';
      this.blockPieces = 0;
    }
  }

  /** The text so far. */
  text(): string {
    let text = this.blocks === '' ? this.block : this.block === '' ? this.blocks : this.blocks + this.block;
    const { pieces } = this;
    for (let index = 0; index < this.waiting; index++) text += (pieces as string[])[index] as string;
    return text;
  }
}
