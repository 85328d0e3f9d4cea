import { closeFile, truncateFile, writeOnce, type FileOperations } from './file-operation.js';
import { APPEND_FLAGS, openTraceFile } from './open-trace-file.js';
import type { PendingRecord } from './pending-record.js';
import { NEWLINE, TORN_LINE_MARK } from './read-limits.js';
import { readTraceTail, type TraceTail } from './read-trace-tail.js';

/** Where a trace file ended after this store's last append, so the next one needs no tail read. */
export interface FilePosition {
  readonly dev: number;
  readonly ino: number;
  /** With `dev` and `ino`, tells a file recreated under a reused inode number apart (0 where the file system has none). */
  readonly birthtimeMs: number;
  /** Size of the file, which ends with a complete line there. */
  readonly size: number;
  /** Sequence number of the next record. */
  readonly nextSeq: number;
}

/** The write of one batch, as far as it got: what the exit hook needs when a process exits in the middle of it. */
export interface BatchWrite {
  readonly dev: number;
  readonly ino: number;
  readonly birthtimeMs: number;
  /** Size of the file when the write began: under the lock, the offset the batch lands at. */
  readonly start: number;
  /** The lines of the batch, after `prefixBytes` bytes ending the file's unterminated last line (see `batchPrefix`). */
  readonly buffer: Buffer;
  readonly prefixBytes: number;
  readonly firstSeq: number;
}

/** How far one batch's append got; updated as it goes. */
export interface BatchProgress {
  /** `writing`: a `write` of `write` was handed to the file system and has not returned. */
  phase: 'before-write' | 'writing' | 'written';
  write: BatchWrite | undefined;
}

/** What an append did. */
export interface AppendOutcome {
  /** Records of the batch that are complete lines in the file (its first ones). */
  readonly written: number;
  /** Where the file ends now, or `undefined` when unknown (the next append reads the tail). */
  readonly position: FilePosition | undefined;
  /** Why the rest of the batch is not in the file, when a write failed. */
  readonly failure?: unknown;
}

/** What {@link appendTraceBatch} appends, and where. */
export interface AppendRequest {
  readonly traceId: string;
  readonly filePath: string;
  readonly records: readonly PendingRecord[];
  /** Where this store's last append left the file; used when the file is still that file at that size. */
  readonly position: FilePosition | undefined;
  readonly progress: BatchProgress;
}

/**
 * Appends one batch to a trace file, holding the trace's lock (the caller takes it). Opens the
 * file refusing links and anything the store did not create, continues the sequence from the
 * last append when the file is as it left it (same file, same size), and from the file's tail
 * otherwise (another process appended, or the file is new to this store), ending the file's last
 * line first when it lacks its newline (see `batchPrefix`).
 *
 * When a write fails part-way (a full disk cuts it short), the records whose lines are complete
 * in the file count as written, and the file is cut back to the end of the last of them, so no
 * torn line is left for the next append; the outcome then carries the `failure`. Failures before
 * the write (opening, refusals, reading the tail) throw: nothing of the batch is in the file.
 */
export function* appendTraceBatch<TFile>(request: AppendRequest): FileOperations<AppendOutcome, TFile> {
  const { traceId, filePath, records, position, progress } = request;
  const { file, stats } = yield* openTraceFile<TFile>(filePath, traceId, APPEND_FLAGS);
  try {
    let firstSeq: number;
    let prefix = '';
    if (position !== undefined && isSameFile(position, stats) && position.size === stats.size) {
      firstSeq = position.nextSeq;
    } else {
      const tail = yield* readTraceTail(file, stats.size);
      firstSeq = tail.lastSeq + 1;
      prefix = batchPrefix(tail.ending);
    }
    const { dev, ino, birthtimeMs } = stats;
    const write: BatchWrite = { dev, ino, birthtimeMs, start: stats.size, buffer: formatBatch(prefix, records, firstSeq), prefixBytes: prefix.length, firstSeq };
    progress.write = write;
    progress.phase = 'writing';
    let written = 0;
    try {
      while (written < write.buffer.length) written += yield* writeOnce(file, write.buffer, written);
    } catch (failure) {
      progress.phase = 'written';
      return yield* keepCompleteLines(file, write, written, failure);
    }
    progress.phase = 'written';
    return {
      written: records.length,
      position: { dev, ino, birthtimeMs, size: stats.size + write.buffer.length, nextSeq: firstSeq + records.length },
    };
  } finally {
    try {
      yield* closeFile(file);
    } catch {
      // Every byte was already handed to the file system; a failing close loses nothing of ours.
    }
  }
}

/**
 * What a batch writes before its lines so that they start on a line of their own: nothing after a
 * newline; a newline after a record that lost only its newline (the record then counts); the
 * `TORN_LINE_MARK` and a newline after a torn line, so that readers can tell the line a crash tore
 * from a line edited by hand.
 */
export function batchPrefix(ending: TraceTail['ending']): string {
  if (ending === 'newline') return '';
  return ending === 'record' ? '\n' : `${String.fromCharCode(TORN_LINE_MARK)}\n`;
}

/**
 * The records of `write` that are complete lines within its first `bytes` bytes, and how many of
 * those bytes end with the last complete line (a prefix ending a line before the batch counts; a
 * torn line of the batch does not).
 */
export function completeLines(write: Pick<BatchWrite, 'buffer' | 'prefixBytes'>, bytes: number): { records: number; bytes: number } {
  const { buffer, prefixBytes } = write;
  const kept = bytes <= 0 ? 0 : buffer.lastIndexOf(NEWLINE, Math.min(bytes, buffer.length) - 1) + 1;
  let records = 0;
  for (let from = prefixBytes; from < kept; records += 1) from = buffer.indexOf(NEWLINE, from) + 1;
  return { records, bytes: kept };
}

function* keepCompleteLines<TFile>(file: TFile, write: BatchWrite, bytes: number, failure: unknown): FileOperations<AppendOutcome, TFile> {
  const kept = completeLines(write, bytes);
  const { dev, ino, birthtimeMs } = write;
  // Where nothing of the batch's prefix stays, the file still ends inside a line: the next append must read its tail.
  const position: FilePosition | undefined =
    kept.bytes === 0 && write.prefixBytes > 0 ? undefined : { dev, ino, birthtimeMs, size: write.start + kept.bytes, nextSeq: write.firstSeq + kept.records };
  if (kept.bytes === bytes) return { written: kept.records, position, failure };
  try {
    yield* truncateFile(file, write.start + kept.bytes);
  } catch {
    // The torn line stays: readers skip it as a gap, and the next append starts on a new line.
    return { written: kept.records, position: undefined, failure };
  }
  return { written: kept.records, position, failure };
}

/** True when `stats` describe the file `known` was taken from (not another one under a reused inode number). */
export function isSameFile(known: Pick<FilePosition, 'dev' | 'ino' | 'birthtimeMs'>, stats: Pick<FilePosition, 'dev' | 'ino' | 'birthtimeMs'>): boolean {
  return known.dev === stats.dev && known.ino === stats.ino && known.birthtimeMs === stats.birthtimeMs;
}

function formatBatch(prefix: string, records: readonly PendingRecord[], firstSeq: number): Buffer {
  let seq = firstSeq;
  let text = prefix;
  for (const record of records) {
    text += `${record.head}${seq}${record.tail}\n`;
    seq += 1;
  }
  return Buffer.from(text);
}
