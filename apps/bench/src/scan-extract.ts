/*
 * The floor of every preview row: one pass over the chunks, tracking only what extracting the
 * strings at some paths needs (inside a string or not, an escape in progress, the container stack
 * with the current key), decoding those strings and nothing else. It validates nothing
 * (numbers and literals are skipped unread), never re-reads a character and allocates only the
 * extracted text and the keys: the least any incremental preview of the same chunks can do. The
 * text is kept as a short chain of flat blocks (see `add`): as the runner's sink, where the
 * runner's own garbage makes collections frequent, one rope node per chunk would cost it 1.86×
 * the runner alone instead of 1.40×, and collecting the pieces in a list 1.66×.
 */

/** Written by each block's flattening read, so that the read is not optimized away; never read. */
export let lastRead = 0;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  return (code | 0x20) - 0x57;
}

/** The floor's pass as it streams: `write` reads the next chunk, `values` holds the strings closed so far. */
export interface ScanExtract {
  write(piece: string): void;
  readonly values: readonly string[];
}

/**
 * The decoded strings found at `paths` (object keys, `*` for any array index) in the JSON text
 * the written chunks spell, in the order they close. Input is assumed to be JSON.
 */
export function createScanExtract(paths: readonly (readonly string[])[]): ScanExtract {
  const values: string[] = [];
  const isArray: boolean[] = [];
  // The key of each open object, 0 for each open array (`*` matches any index: which one is not needed).
  const steps: (string | number)[] = [];
  let depth = 0;
  let expectKey = false;
  let inString = false;
  let inKey = false;
  let capturing = false;
  // The decoded text of the open string: completed blocks, then the pieces since (see `add`).
  let base = '';
  let text = '';
  let pieces = 0;
  // 0: none; 1: after a backslash; 2–5: that many minus one hex digits of `\u` read.
  let escape = 0;
  let unit = 0;

  const atPath = (): boolean => {
    for (const path of paths) {
      if (path.length !== depth) continue;
      let index = 0;
      while (index < depth && (path[index] === '*' ? typeof steps[index] === 'number' : path[index] === steps[index])) index++;
      if (index === depth) return true;
    }
    return false;
  };

  /**
   * Appends decoded text. Every 1,024 pieces are joined into one flat block (reading a character
   * of a rope flattens it), so a long string is a short chain of flat blocks, not one small
   * object per chunk that every young-generation collection copies: the least a reader whose
   * strings outlive a collection can do.
   */
  const add = (decoded: string): void => {
    text += decoded;
    if (++pieces === 1024) {
      lastRead = text.charCodeAt(0);
      base += text;
      text = '';
      pieces = 0;
    }
  };

  const write = (piece: string): void => {
    const length = piece.length;
    let position = 0;
    while (position < length) {
      if (inString) {
        if (escape === 1) {
          const character = piece[position++]!;
          if (character === 'u') {
            escape = 2;
            unit = 0;
          } else {
            escape = 0;
            if (capturing || inKey) add(SIMPLE_ESCAPES[character] ?? character);
          }
          continue;
        }
        if (escape > 1) {
          unit = unit * 16 + hexValue(piece.charCodeAt(position++));
          if (++escape === 6) {
            escape = 0;
            if (capturing || inKey) add(String.fromCharCode(unit));
          }
          continue;
        }
        let end = position;
        let code = 0;
        while (end < length) {
          code = piece.charCodeAt(end);
          if (code === QUOTE || code === BACKSLASH) break;
          end++;
        }
        if ((capturing || inKey) && end > position) add(piece.slice(position, end));
        if (end === length) break;
        position = end + 1;
        if (code === BACKSLASH) {
          escape = 1;
          continue;
        }
        inString = false;
        if (inKey) {
          steps[depth - 1] = base + text;
          inKey = false;
        } else if (capturing) {
          values.push(base + text);
          capturing = false;
        }
        base = '';
        text = '';
        pieces = 0;
        continue;
      }
      switch (piece.charCodeAt(position++)) {
        case QUOTE:
          inString = true;
          if (expectKey) {
            inKey = true;
            expectKey = false;
          } else capturing = atPath();
          break;
        case OPEN_OBJECT:
          isArray[depth] = false;
          steps[depth++] = '';
          expectKey = true;
          break;
        case OPEN_ARRAY:
          isArray[depth] = true;
          steps[depth++] = 0;
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          depth--;
          expectKey = false;
          break;
        case COMMA:
          if (!isArray[depth - 1]) expectKey = true;
          break;
        default:
          break;
      }
    }
  };
  return { write, values };
}

/** The decoded strings found at `paths` in the JSON text `chunks` spell, in the order they close. */
export function scanExtract(chunks: Iterable<string>, paths: readonly (readonly string[])[]): string[] {
  const scan = createScanExtract(paths);
  for (const piece of chunks) scan.write(piece);
  return scan.values as string[];
}
