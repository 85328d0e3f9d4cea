import type { JsonValue } from '../json-value.js';
import { ARRAY, IncrementalJsonReader, NUMBER_SCALAR, STRING_SCALAR, type Container, type Frame } from './incremental-json-reader.js';

function setMember(container: Container, frame: Frame, value: unknown): void {
  if (frame.kind === ARRAY) {
    (container as unknown[])[frame.index] = value;
  } else if (frame.key === '__proto__') {
    Object.defineProperty(container, '__proto__', { value, writable: true, enumerable: true, configurable: true });
  } else {
    (container as Record<string, unknown>)[frame.key] = value;
  }
}

/**
 * The {@link IncrementalJsonReader} that also builds the best-effort value of the document as it
 * streams (the preview's `createPartialJsonReader` and `parsePartialJson`, the runner's long
 * tool-call arguments): every key and string is decoded, reported or not.
 */
export class JsonValueReader extends IncrementalJsonReader {
  protected override readonly keepValue = true;
  private root: unknown;
  private hasRoot = false;
  /** The open number's value as {@link value} last read it: where that number began, and the prefix length it read. */
  private numberValue = 0;
  private numberValueStart = -1;
  private numberValueLength = 0;

  /** The best-effort value so far, the reader's own live tree. */
  value(): JsonValue | undefined {
    if (this.scalar === STRING_SCALAR) {
      this.setSlot(this.text.current());
    } else if (this.scalar === NUMBER_SCALAR && this.numberValidLength > 0) {
      // Read again only when digits came since: asking again and again costs O(1).
      if (this.numberValueStart !== this.numberStart || this.numberValueLength !== this.numberValidLength) {
        this.numberValue = Number(this.numberText.slice(0, this.numberValidLength));
        this.numberValueStart = this.numberStart;
        this.numberValueLength = this.numberValidLength;
      }
      this.setSlot(this.numberValue);
    }
    return this.hasRoot ? (this.root as JsonValue) : undefined;
  }

  protected override setSlot(value: unknown): void {
    const frame = this.top;
    if (frame === undefined) {
      this.root = value;
      this.hasRoot = true;
    } else if (frame.container !== undefined) {
      setMember(frame.container, frame, value);
    }
  }
}
