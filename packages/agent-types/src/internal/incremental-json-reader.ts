import { GrowingText } from './growing-text.js';
import { segmentMatches, type CompiledPattern, type JsonPathStep } from './json-path-match.js';
import { describe, ESCAPED_TEXT, ESCAPED_UNITS, hex4, hexValue, isWhitespace, LONG_RUN, PLAIN_RUN, STRING_STOPS } from './json-text.js';

/*
 * The incremental JSON reader behind the preview's createPartialJsonReader and reply preview, and
 * (as the JsonValueReader, which builds the value) behind the runner's parse of long tool-call
 * arguments as they stream.
 */

/** `partial`: more input may follow; `complete`: the root value is closed; `error`: the input is not JSON. */
export type JsonReaderStatus = 'partial' | 'complete' | 'error';

/** Why and where the input stopped being JSON: `offset` in UTF-16 code units from the start of the stream. */
export interface JsonReaderSyntaxError {
  readonly offset: number;
  readonly message: string;
}

/**
 * What an {@link IncrementalJsonReader} reports as it reads, in stream order: it calls these
 * directly, so reading a delta allocates nothing.
 */
export interface JsonStringListener {
  /**
   * A requested string opened, grew or closed: `id` numbers the reported strings in stream
   * order, `pathIndex` is the first requested path that matched (`-1` when every string is
   * reported), `text` the decoded text so far (never a half-decoded escape or a split surrogate
   * pair), `complete` true once its closing quote was read. Called once per string per write at
   * most, but for the write that closes it, which may report it open and then closed.
   */
  string(id: number, pathIndex: number, path: readonly JsonPathStep[], text: string, complete: boolean): void;
  /**
   * A value that is not a string started at a requested path (the reply preview's `when`: such a
   * field decides too). Called only for a reader created with `watchOthers`.
   */
  otherValue(pathIndex: number, path: readonly JsonPathStep[]): void;
}

// Parser modes.
const EXPECT_VALUE = 0; // root start, after ':' or after ',' in an array
const ARRAY_FIRST = 1; // after '[': a value or ']'
const OBJECT_FIRST = 2; // after '{': a key or '}'
const OBJECT_NEXT_KEY = 3; // after ',' in an object: a key
const AFTER_KEY = 4; // ':'
const AFTER_VALUE = 5; // ',' or the container's closer; at the root only whitespace
const IN_STRING = 6;
const IN_NUMBER = 7;
const IN_LITERAL = 8;
const FAILED = 9;

// Number states; the terminal ones (a digit was just read) are ZERO, INT, FRACTION, EXPONENT.
const NUMBER_START = 8;
const MINUS = 0;
const ZERO = 1;
const INT = 2;
const DOT = 3;
const FRACTION = 4;
const EXP_MARK = 5;
const EXP_SIGN = 6;
const EXPONENT = 7;

/** The scalar in progress, for a subclass building the value: none, a string, a number. */
export const NO_SCALAR = 0;
export const STRING_SCALAR = 1;
export const NUMBER_SCALAR = 2;

export const OBJECT = 0;
export const ARRAY = 1;

/** A container of the value a subclass builds. */
export type Container = Record<string, unknown> | unknown[];

/** One open container. Frames are pooled and reused. */
export interface Frame {
  kind: typeof OBJECT | typeof ARRAY;
  container: Container | undefined;
  /** Current member key (objects). */
  key: string;
  /** Current element index (arrays). */
  index: number;
  /** Some requested path reaches below this container (its keys must be decoded). */
  live: boolean;
}

const LITERALS = ['true', 'false', 'null'];
const LITERAL_VALUES = [true, false, null] as const;

/**
 * The incremental JSON reader (strict JSON, RFC 8259; linear in the stream, whatever the chunking;
 * semantics of each member as the preview's `PartialJsonReader` documents them). `patterns` are
 * the requested paths (`undefined`: every string); their strings are reported to `listener`, and
 * with `watchOthers` it also hears of values that are not strings at those paths. It builds no
 * value: the `JsonValueReader` does.
 */
export class IncrementalJsonReader {
  /** Whether a subclass builds the value (every key and string is then decoded, and {@link setSlot} called). */
  protected readonly keepValue: boolean = false;
  #mode = EXPECT_VALUE;
  readonly #frames: Frame[] = [];
  #depth = 0;
  /** The innermost open container, `undefined` at the root. */
  protected top: Frame | undefined;
  #consumed = 0;
  #failure: JsonReaderSyntaxError | undefined;
  #complete = false;
  #ended = false;
  /** The scalar in progress, when {@link keepValue}. */
  protected scalar = NO_SCALAR;

  // String state (value strings and keys).
  #inKey = false;
  #decode = false;
  #report = false;
  /** The decoded text of the open string. */
  protected readonly text = new GrowingText();
  #escape = 0; // 0 none, 1 after '\', 2..5 reading hex digit 1..4
  #escapeCode = 0;
  #stringOpen = false;
  #dirty = false;
  #stringId = -1;
  #reportedPath: readonly JsonPathStep[] = [];
  #stringPathIndex = -1;
  #nextId = 0;

  // Number and literal state.
  #numberState = MINUS;
  /** The open number's offset in the stream, its text, and the length of its longest prefix that is a number. */
  protected numberStart = 0;
  protected numberText = '';
  protected numberValidLength = 0;
  #literal = 0;
  #literalPosition = 0;

  readonly #patterns: CompiledPattern[] | undefined;
  readonly #listener: JsonStringListener | undefined;
  readonly #watchOthers: boolean;

  constructor(patterns: CompiledPattern[] | undefined, listener?: JsonStringListener, watchOthers = false) {
    this.#patterns = patterns;
    this.#listener = listener;
    this.#watchOthers = watchOthers;
  }

  /** Whether the document is still open, complete, or not JSON. */
  get status(): JsonReaderStatus {
    if (this.#mode === FAILED) return 'error';
    return this.#complete ? 'complete' : 'partial';
  }

  /** The syntax error once `status` is `error`. */
  get error(): JsonReaderSyntaxError | undefined {
    return this.#failure;
  }

  /** Declares the input finished: a number open at the root completes; a later write is an error. */
  end(): void {
    if (this.#ended || this.#mode === FAILED) return;
    this.#ended = true;
    if (this.#mode === IN_NUMBER && (this.#numberState === ZERO || this.#numberState === INT || this.#numberState === FRACTION || this.#numberState === EXPONENT)) {
      if (this.keepValue) this.setSlot(Number(this.numberText));
      this.#valueEnded();
    }
  }

  /** Reads the next chunk, reporting the requested strings it changed to the listener. */
  write(chunk: string): void {
    if (this.#mode === FAILED) return;
    if (this.#ended) {
      if (chunk !== '') this.#fail(0, 'input after end()');
      return;
    }
    const length = chunk.length;
    let position = 0;
    while (position < length) {
      switch (this.#mode) {
        case IN_STRING:
          position = this.#readString(chunk, position);
          break;
        case IN_NUMBER:
          position = this.#readNumber(chunk, position);
          break;
        case IN_LITERAL:
          position = this.#readLiteral(chunk, position);
          break;
        case FAILED:
          position = length;
          break;
        default:
          position = this.#readStructure(chunk, position);
      }
    }
    this.#consumed += length;
    // The open requested string, if it opened or grew in this chunk (the usual case: the only report).
    if (this.#stringOpen && this.#report && this.#dirty) {
      this.#dirty = false;
      this.#listener?.string(this.#stringId, this.#stringPathIndex, this.#reportedPath, this.text.current(), false);
    }
  }

  #fail(chunkOffset: number, message: string): number {
    this.#failure = { offset: this.#consumed + chunkOffset, message };
    this.#mode = FAILED;
    return Number.MAX_SAFE_INTEGER;
  }

  /**
   * The value at the current position (the root, or the open container's current member) is now
   * `value`. Called only when {@link keepValue}; a subclass building the value keeps it.
   */
  protected setSlot(_value: unknown): void {}

  /** A value just ended: the parent now expects a separator or its closer. */
  #valueEnded(): void {
    this.scalar = NO_SCALAR;
    this.#mode = AFTER_VALUE;
    if (this.#depth === 0) this.#complete = true;
  }

  /** Structural characters and whitespace between values; returns where to continue. */
  #readStructure(chunk: string, start: number): number {
    const length = chunk.length;
    let position = start;
    while (position < length) {
      const code = chunk.charCodeAt(position);
      if (isWhitespace(code)) {
        position++;
        continue;
      }
      switch (this.#mode) {
        case EXPECT_VALUE:
          return this.#startValue(chunk, position, code);
        case ARRAY_FIRST:
          if (code === 0x5d) {
            this.#closeContainer();
            position++;
            continue;
          }
          return this.#startValue(chunk, position, code);
        case OBJECT_FIRST:
          if (code === 0x7d) {
            this.#closeContainer();
            position++;
            continue;
          }
          if (code === 0x22) return this.#openString(position + 1, true);
          return this.#fail(position, `expected a key or "}" but found ${describe(code)}`);
        case OBJECT_NEXT_KEY:
          if (code === 0x22) return this.#openString(position + 1, true);
          return this.#fail(position, `expected a key after "," but found ${describe(code)}`);
        case AFTER_KEY:
          if (code === 0x3a) {
            this.#mode = EXPECT_VALUE;
            position++;
            continue;
          }
          return this.#fail(position, `expected ":" after a key but found ${describe(code)}`);
        default: {
          // AFTER_VALUE
          const frame = this.top;
          if (frame === undefined) return this.#fail(position, `unexpected ${describe(code)} after the end of the document`);
          if (code === 0x2c) {
            if (frame.kind === ARRAY) {
              frame.index++;
              this.#mode = EXPECT_VALUE;
            } else {
              this.#mode = OBJECT_NEXT_KEY;
            }
            position++;
            continue;
          }
          if ((code === 0x5d && frame.kind === ARRAY) || (code === 0x7d && frame.kind === OBJECT)) {
            this.#closeContainer();
            position++;
            continue;
          }
          return this.#fail(position, `expected "," or "${frame.kind === ARRAY ? ']' : '}'}" but found ${describe(code)}`);
        }
      }
    }
    return position;
  }

  #startValue(chunk: string, position: number, code: number): number {
    if (code !== 0x22 && this.#watchOthers) {
      const match = this.#matchString();
      if (match >= 0) this.#listener?.otherValue(match, this.#currentPath());
    }
    switch (code) {
      case 0x22:
        return this.#openString(position + 1, false);
      case 0x7b:
        this.#openContainer(OBJECT);
        return position + 1;
      case 0x5b:
        this.#openContainer(ARRAY);
        return position + 1;
      case 0x74:
      case 0x66:
      case 0x6e: {
        const literal = code === 0x74 ? 0 : code === 0x66 ? 1 : 2;
        this.#literal = literal;
        this.#literalPosition = 1;
        this.#mode = IN_LITERAL;
        if (this.keepValue) this.setSlot(LITERAL_VALUES[literal]);
        return position + 1;
      }
      default:
        if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
          this.#mode = IN_NUMBER;
          this.scalar = NUMBER_SCALAR;
          this.numberStart = this.#consumed + position;
          this.numberText = '';
          this.numberValidLength = 0;
          this.#numberState = NUMBER_START;
          return this.#readNumber(chunk, position);
        }
        return this.#fail(position, `expected a value but found ${describe(code)}`);
    }
  }

  #openContainer(kind: typeof OBJECT | typeof ARRAY): void {
    let container: Container | undefined;
    if (this.keepValue) {
      container = kind === OBJECT ? {} : [];
      this.setSlot(container);
    }
    const live = this.#isLive();
    let frame = this.#frames[this.#depth];
    if (frame === undefined) {
      frame = { kind, container, key: '', index: 0, live };
      this.#frames.push(frame);
    } else {
      frame.kind = kind;
      frame.container = container;
      frame.key = '';
      frame.index = 0;
      frame.live = live;
    }
    this.#depth++;
    this.top = frame;
    this.#mode = kind === OBJECT ? OBJECT_FIRST : ARRAY_FIRST;
  }

  #closeContainer(): void {
    const frame = this.top;
    if (frame !== undefined) frame.container = undefined;
    this.#depth--;
    this.top = this.#depth === 0 ? undefined : this.#frames[this.#depth - 1];
    this.#valueEnded();
  }

  /** Whether a requested path reaches below a container opened at the current position. */
  #isLive(): boolean {
    const patterns = this.#patterns;
    if (patterns === undefined) return true;
    const depth = this.#depth;
    if (this.top !== undefined && !this.top.live) return false;
    for (const pattern of patterns) {
      if (pattern.length > depth && this.#prefixMatches(pattern, depth)) return true;
    }
    return false;
  }

  #prefixMatches(pattern: CompiledPattern, length: number): boolean {
    for (let level = 0; level < length; level++) {
      const frame = this.#frames[level];
      const segment = pattern[level];
      if (frame === undefined || segment === undefined || !segmentMatches(segment, frame.kind === ARRAY, frame.key, frame.index)) return false;
    }
    return true;
  }

  /** The index of the first pattern matching the current position exactly, or -1 (-2: none requested). */
  #matchString(): number {
    const patterns = this.#patterns;
    if (patterns === undefined) return -1;
    const depth = this.#depth;
    if (this.top === undefined || !this.top.live) return -2;
    for (let index = 0; index < patterns.length; index++) {
      const pattern = patterns[index];
      if (pattern !== undefined && pattern.length === depth && this.#prefixMatches(pattern, depth)) return index;
    }
    return -2;
  }

  #currentPath(): JsonPathStep[] {
    const path: JsonPathStep[] = [];
    for (let level = 0; level < this.#depth; level++) {
      const frame = this.#frames[level];
      if (frame !== undefined) path.push(frame.kind === ARRAY ? frame.index : frame.key);
    }
    return path;
  }

  #openString(position: number, isKey: boolean): number {
    this.#mode = IN_STRING;
    this.#inKey = isKey;
    this.text.reset();
    this.#escape = 0;
    this.#stringOpen = true;
    if (isKey) {
      this.#report = false;
      this.#decode = this.keepValue || this.top?.live === true;
      return position;
    }
    const match = this.#matchString();
    this.#report = match !== -2;
    this.#decode = this.keepValue || this.#report;
    if (this.keepValue) {
      this.scalar = STRING_SCALAR;
      this.setSlot('');
    }
    if (this.#report) {
      this.#stringId = this.#nextId++;
      this.#reportedPath = this.#currentPath();
      this.#stringPathIndex = match;
      this.#dirty = true;
    }
    return position;
  }

  /**
   * Adds decoded text to the open string; `lastCode` is the last code unit of `piece` (see
   * {@link GrowingText.add}).
   */
  #commit(piece: string, lastCode: number): void {
    if (piece !== '' && this.text.add(piece, lastCode)) this.#dirty = true;
  }

  #closeString(): void {
    // The final text is kept (by the value tree, a caller): keep it compact, unless it was
    // already reported as it is (a new but equal string would only cost a comparison).
    const text = this.text.finish(this.#dirty);
    this.#stringOpen = false;
    if (this.#inKey) {
      if (this.#decode && this.top !== undefined) this.top.key = text;
      this.#mode = AFTER_KEY;
      return;
    }
    if (this.keepValue) this.setSlot(text);
    if (this.#report) {
      this.#dirty = false;
      this.#listener?.string(this.#stringId, this.#stringPathIndex, this.#reportedPath, text, true);
    }
    this.#valueEnded();
  }

  /**
   * Reads string characters up to the closing quote or the end of the chunk. Runs of plain
   * characters are sliced, not copied one by one; escapes wholly inside the chunk are decoded
   * inline; an escape cut by the chunk's end continues in {@link readEscape}.
   */
  #readString(chunk: string, start: number): number {
    const length = chunk.length;
    let position = start;
    if (this.#escape !== 0) {
      position = this.#readEscape(chunk, position);
      if (this.#escape !== 0 || position >= length) return position;
    }
    const decode = this.#decode;
    let runStart = position;
    while (position < length) {
      if (length - position >= LONG_RUN) {
        // A long stretch: let the regular-expression engine find its end (about twice as fast).
        PLAIN_RUN.lastIndex = position;
        PLAIN_RUN.test(chunk);
        position = PLAIN_RUN.lastIndex;
        if (position >= length) break;
      }
      while (position < length && STRING_STOPS[chunk.charCodeAt(position)] === 0) position++;
      if (position === length) break;
      const code = chunk.charCodeAt(position);
      if (code !== 0x5c) {
        if (decode) this.#commitRun(chunk, runStart, position);
        if (code === 0x22) {
          this.#closeString();
          return position + 1;
        }
        return this.#fail(position, `unescaped ${describe(code)} in a string`);
      }
      // An escape wholly inside the chunk is decoded here, joined to the run before it.
      const kind = position + 1 < length ? chunk.charCodeAt(position + 1) : -1;
      let unit = -1;
      let width = 2;
      if (kind === 0x75) {
        unit = position + 5 < length ? hex4(chunk, position + 2) : -1;
        width = 6;
      } else if (kind >= 0) {
        unit = ESCAPED_UNITS[kind] ?? -1;
      }
      if (unit >= 0) {
        if (decode) {
          const decoded = kind === 0x75 ? String.fromCharCode(unit) : (ESCAPED_TEXT[kind] ?? '');
          this.#commit(runStart < position ? chunk.slice(runStart, position) + decoded : decoded, unit);
        }
        position += width;
        runStart = position;
        continue;
      }
      if (decode) this.#commitRun(chunk, runStart, position);
      // Cut by the chunk's end, or invalid: the character-by-character path decides.
      this.#escape = 1;
      position = this.#readEscape(chunk, position + 1);
      if (this.#escape !== 0 || position >= length) return position;
      runStart = position;
    }
    if (decode) this.#commitRun(chunk, runStart, length);
    return length;
  }

  /** Commits `chunk` from `from` to `to` (exclusive), all of it plain text. */
  #commitRun(chunk: string, from: number, to: number): void {
    if (from < to) this.#commit(from === 0 && to === chunk.length ? chunk : chunk.slice(from, to), chunk.charCodeAt(to - 1));
  }

  /** Continues an escape character by character, across chunks; reports an invalid escape. */
  #readEscape(chunk: string, start: number): number {
    const length = chunk.length;
    let position = start;
    while (position < length) {
      const code = chunk.charCodeAt(position);
      if (this.#escape === 1) {
        if (code === 0x75) {
          this.#escape = 2;
          this.#escapeCode = 0;
          position++;
          continue;
        }
        const unit = ESCAPED_UNITS[code] ?? -1;
        if (unit < 0) return this.#fail(position, `invalid escape "\\${String.fromCharCode(code)}" in a string`);
        this.#escape = 0;
        if (this.#decode) this.#commit(ESCAPED_TEXT[code] ?? '', unit);
        return position + 1;
      }
      const digit = hexValue(code);
      if (digit < 0) return this.#fail(position, `expected a hex digit in a \\u escape but found ${describe(code)}`);
      this.#escapeCode = this.#escapeCode * 16 + digit;
      position++;
      if (++this.#escape === 6) {
        this.#escape = 0;
        if (this.#decode) this.#commit(String.fromCharCode(this.#escapeCode), this.#escapeCode);
        return position;
      }
    }
    return position;
  }

  /** Reads number characters, validating the grammar as it goes; the number ends at the first other character. */
  #readNumber(chunk: string, start: number): number {
    const length = chunk.length;
    let position = start;
    let state = this.#numberState;
    while (position < length) {
      const code = chunk.charCodeAt(position);
      const isDigit = code >= 0x30 && code <= 0x39;
      switch (state) {
        case NUMBER_START:
          state = code === 0x2d ? MINUS : code === 0x30 ? ZERO : INT;
          break;
        case MINUS:
          if (!isDigit) return this.#numberFailed(chunk, start, position, 'expected a digit after "-"');
          state = code === 0x30 ? ZERO : INT;
          break;
        case ZERO:
        case INT:
          if (isDigit && state === INT) break;
          if (code === 0x2e) state = DOT;
          else if (code === 0x65 || code === 0x45) state = EXP_MARK;
          else if (isDigit) return this.#numberFailed(chunk, start, position, 'a number may not have a leading zero');
          else return this.#numberEnded(chunk, start, position);
          break;
        case DOT:
          if (!isDigit) return this.#numberFailed(chunk, start, position, 'expected a digit after "."');
          state = FRACTION;
          break;
        case FRACTION:
          if (isDigit) break;
          if (code === 0x65 || code === 0x45) state = EXP_MARK;
          else return this.#numberEnded(chunk, start, position);
          break;
        case EXP_MARK:
          if (code === 0x2b || code === 0x2d) state = EXP_SIGN;
          else if (isDigit) state = EXPONENT;
          else return this.#numberFailed(chunk, start, position, 'expected a digit in an exponent');
          break;
        case EXP_SIGN:
          if (!isDigit) return this.#numberFailed(chunk, start, position, 'expected a digit in an exponent');
          state = EXPONENT;
          break;
        default:
          // EXPONENT
          if (!isDigit) return this.#numberEnded(chunk, start, position);
      }
      position++;
      if (isDigit) this.numberValidLength = this.numberText.length + (position - start);
    }
    this.#numberState = state;
    this.numberText += start === 0 ? chunk : chunk.slice(start);
    return length;
  }

  #numberEnded(chunk: string, start: number, position: number): number {
    this.numberText += chunk.slice(start, position);
    if (this.keepValue) this.setSlot(Number(this.numberText));
    this.#valueEnded();
    return position;
  }

  #numberFailed(chunk: string, start: number, position: number, message: string): number {
    this.numberText += chunk.slice(start, position);
    return this.#fail(position, message);
  }

  #readLiteral(chunk: string, start: number): number {
    const expected = LITERALS[this.#literal] ?? '';
    let position = start;
    while (position < chunk.length) {
      if (chunk.charCodeAt(position) !== expected.charCodeAt(this.#literalPosition)) {
        return this.#fail(position, `expected "${expected}" but found ${describe(chunk.charCodeAt(position))}`);
      }
      position++;
      if (++this.#literalPosition === expected.length) {
        this.#valueEnded();
        return position;
      }
    }
    return position;
  }
}
