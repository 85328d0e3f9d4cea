import { readAt, type FileOperations } from './file-operation.js';
import { MAX_LINE_BYTES, NEWLINE, READ_CHUNK_BYTES } from './read-limits.js';

/** What an appender must know about an existing trace file before it appends. */
export interface TraceTail {
  /** Highest sequence number found in the last line that holds one; `-1` when none does. */
  readonly lastSeq: number;
  /**
   * How the file ends: with a newline; with a record that lost only its newline (the next append
   * starts with one, and the record counts); or inside a line that is not a record (a write torn
   * by a crash: the next append ends it with `TORN_LINE_MARK` and a newline).
   */
  readonly ending: 'newline' | 'record' | 'torn';
}

/**
 * Reads a trace file backwards from its end, chunk by chunk, until a line with a sequence
 * number is found. An unterminated last line counts too: once the next append ends it with a
 * newline, readers will see it. Cost is proportional to the bytes after that line, usually
 * one chunk.
 */
export function* readTraceTail<TFile>(file: TFile, size: number): FileOperations<TraceTail, TFile> {
  if (size === 0) return { lastSeq: -1, ending: 'newline' };
  const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
  let endsWithNewline = true;
  /** Still looking at the last line of the file (the unterminated one, when the file does not end with a newline). */
  let lastLine = true;
  let suffix: Buffer[] = [];
  let suffixBytes = 0;
  let position = size;
  while (position > 0) {
    const start = Math.max(0, position - READ_CHUNK_BYTES);
    const bytesRead = yield* readAt(file, buffer, position - start, start);
    const chunk = buffer.subarray(0, bytesRead);
    let end = bytesRead;
    if (position === size) {
      endsWithNewline = chunk[bytesRead - 1] === NEWLINE;
      if (endsWithNewline) {
        // The newline ends the last line: scan from before it.
        lastLine = false;
      }
    }
    while (end > 0) {
      const newline = chunk.lastIndexOf(NEWLINE, end - 1);
      if (newline === -1) break;
      const seq = lineSeq(chunk.subarray(newline + 1, end), suffix, suffixBytes);
      if (seq !== undefined) return { lastSeq: seq, ending: endingOf(endsWithNewline, lastLine) };
      lastLine = false;
      suffix = [];
      suffixBytes = 0;
      end = newline;
    }
    if (suffixBytes + end <= MAX_LINE_BYTES) {
      suffix.unshift(Buffer.from(chunk.subarray(0, end)));
      suffixBytes += end;
    } else {
      // Longer than any record: it cannot hold a sequence number worth finding.
      suffix = [];
      suffixBytes = MAX_LINE_BYTES + 1;
    }
    position = start;
  }
  const seq = lineSeq(Buffer.alloc(0), suffix, suffixBytes);
  return { lastSeq: seq ?? -1, ending: endingOf(endsWithNewline, lastLine && seq !== undefined) };
}

function lineSeq(head: Buffer, suffix: readonly Buffer[], suffixBytes: number): number | undefined {
  if (suffixBytes > MAX_LINE_BYTES || head.length + suffixBytes === 0) return undefined;
  const text = (suffix.length === 0 ? head : Buffer.concat([head, ...suffix])).toString('utf8');
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const seq = (value as { seq?: unknown }).seq;
    return typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0 ? seq : undefined;
  } catch {
    return undefined;
  }
}

function endingOf(endsWithNewline: boolean, seqInLastLine: boolean): TraceTail['ending'] {
  if (endsWithNewline) return 'newline';
  return seqInLastLine ? 'record' : 'torn';
}
