import { lstatSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { AgentCoreError } from '@jangts/agent-types';
import { appendFailedError } from '../errors.js';
import { appendTraceBatch, completeLines, isSameFile, type AppendOutcome, type BatchProgress, type BatchWrite, type FilePosition } from './append-trace-batch.js';
import { checkTraceDirectory } from './check-trace-directory.js';
import { fileSystemErrorCode } from './file-system-error-code.js';
import { sleep, type FileOperations } from './file-operation.js';
import type { LockOwner } from './lock-owner.js';
import { openTraceFile, READ_FLAGS, type OpenedTraceFile } from './open-trace-file.js';
import type { PendingRecord } from './pending-record.js';
import { runFileOperations } from './run-file-operations.js';
import { runFileOperationsSync } from './run-file-operations-sync.js';
import { acquireTraceLock, releaseTraceLock, traceLockPath, type HeldTraceLock } from './trace-lock.js';

/** Most bytes of records appended under one hold of the lock; a longer queue is appended in several batches. */
const MAX_BATCH_BYTES = 1024 * 1024;

/** How long the exit hook waits for another process to release a trace's lock. */
const EXIT_LOCK_WAIT_MS = 5000;

/** How long the exit hook waits for a write handed to the file system before the exit to land. */
const EXIT_WRITE_WAIT_MS = 2000;

/** Reading is possible without the lock where the directory refuses the lock file. */
const READ_ONLY_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);

/** What a {@link TraceWriter} needs from the store that owns it. */
export interface TraceWriterContext {
  /** The store's directory, as resolved when the store was created. */
  readonly directory: string;
  /** Who this store is, written into the lock files it takes. */
  readonly owner: LockOwner;
  /** Records left the queue (written, or lost to a failure), freeing `bytes` of queue space. */
  dequeued(bytes: number): void;
  /** An append failed; the error names the trace and how many records were lost. */
  failed(error: AgentCoreError): void;
  /** The writer has nothing queued and no task running. */
  idle(writer: TraceWriter): void;
  /** Waits for a turn to hold the file open (the store limits how many are open at once); resolves with its release. */
  openSlot(): Promise<() => void>;
}

interface BatchInFlight {
  readonly records: readonly PendingRecord[];
  readonly progress: BatchProgress;
}

/**
 * The one appender of one trace file in this store. Records are queued synchronously and
 * appended in queue order by a single drain at a time, each as one whole line. Every other task
 * touching the file (a read's snapshot, a prune) runs through {@link TraceWriter.exclusive},
 * serialised with the drains.
 *
 * Across processes, every append of a batch (up to 1 MiB), every read snapshot and every
 * deletion holds the trace's lock file (`<trace file>.lock`), and an append takes the sequence
 * from the file itself unless the file is exactly as this store left it: so sequence numbers
 * stay unique and increasing in the file whoever writes. Each batch opens the file, writes and
 * closes it again.
 */
export class TraceWriter {
  readonly #queue: PendingRecord[] = [];
  #queueStart = 0;
  #position: FilePosition | undefined;
  /** A drain is chained and has not yet taken its share of the queue. */
  #drainScheduled = false;
  #tasks = 0;
  #chain: Promise<void> = Promise.resolve();
  /** The trace lock this store holds right now, whichever task took it. */
  #held: HeldTraceLock | undefined;
  /** The batch taken from the queue and not yet settled. */
  #batch: BatchInFlight | undefined;
  readonly #lockPath: string;

  constructor(
    /** Trace this writer appends to. */
    readonly traceId: string,
    /** Absolute path of the trace file. */
    readonly filePath: string,
    private readonly context: TraceWriterContext,
  ) {
    this.#lockPath = traceLockPath(filePath);
  }

  /** Records queued and not yet handed to the file system. */
  get pendingRecords(): number {
    return this.#queue.length - this.#queueStart;
  }

  /** True when nothing is queued and no task (drain, read snapshot, prune) is running or waiting. */
  get isIdle(): boolean {
    return this.#tasks === 0 && this.pendingRecords === 0;
  }

  /**
   * Queues one record, and chains a drain unless one is chained and not yet started. Tasks run
   * in the order they were asked for, so a read asked for after this call sees this record,
   * and a steady stream of records never starves a read or a prune.
   */
  enqueue(record: PendingRecord): void {
    this.#queue.push(record);
    if (this.#drainScheduled) return;
    this.#drainScheduled = true;
    void this.exclusive(() => this.#drain());
  }

  /** Runs `task` once every earlier task of this trace (drains included) has finished. */
  exclusive<TResult>(task: () => Promise<TResult>): Promise<TResult> {
    this.#tasks += 1;
    const run = this.#chain.then(task);
    const done = (): void => {
      this.#taskDone();
    };
    this.#chain = run.then(done, done);
    return run;
  }

  /** Resolves once every task queued so far, and every record queued so far, is done. Never rejects. */
  settled(): Promise<void> {
    return this.#chain;
  }

  /** Forgets where the file ended, so the next append recovers the sequence from the file (after a prune deleted it). */
  forgetSequence(): void {
    this.#position = undefined;
  }

  /**
   * Runs `body` holding the trace's lock, once the directory is checked (not created);
   * `undefined` without running it when the directory does not exist. Run it through
   * {@link TraceWriter.exclusive}.
   */
  withLock<TResult>(body: () => FileOperations<TResult, FileHandle>): Promise<TResult | undefined> {
    return runFileOperations(this.#locked(false, body));
  }

  /**
   * Opens the trace file for reading between two appends of any process (under the lock; without
   * it where the directory is read-only), refusing links and files the store did not create.
   * `undefined` when the file or the directory does not exist. Run it through {@link TraceWriter.exclusive}.
   */
  openForReading(): Promise<OpenedTraceFile<FileHandle> | undefined> {
    const open = (): FileOperations<OpenedTraceFile<FileHandle> | undefined, FileHandle> => this.#openIfPresent();
    return runFileOperations(
      (function* (writer: TraceWriter): FileOperations<OpenedTraceFile<FileHandle> | undefined, FileHandle> {
        try {
          return yield* writer.#locked(false, open);
        } catch (error) {
          const code = fileSystemErrorCode(error) ?? '';
          if (code === 'ENOENT') return undefined; // the directory went away after it was checked
          if (!READ_ONLY_CODES.has(code)) throw error;
          return yield* open();
        }
      })(this),
    );
  }

  /**
   * Appends, synchronously, every record of this store not yet handed to the file system: the
   * batch in flight, then the queue (the `exit` hook, after which nothing asynchronous runs). A
   * write already handed to the file system is waited for (up to 2 s) instead of repeated.
   * Failures go to the context's `failed`, as for any append.
   */
  writeQueuedSync(): void {
    const records: PendingRecord[] = [];
    const batch = this.#batch;
    this.#batch = undefined;
    if (batch !== undefined && batch.progress.phase !== 'written') {
      const { write } = batch.progress;
      const landed = batch.progress.phase === 'writing' && write !== undefined ? this.#awaitLanding(write, batch.records.length) : 0;
      records.push(...batch.records.slice(landed));
    }
    while (this.pendingRecords > 0) records.push(...this.#take(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY));
    for (let from = 0; from < records.length; ) {
      const count = batchLength(records, from);
      runFileOperationsSync(this.#appendBatch<number>(records.slice(from, from + count), EXIT_LOCK_WAIT_MS));
      from += count;
    }
    if (this.#held !== undefined) {
      releaseTraceLock(this.#held);
      this.#held = undefined;
    }
  }

  #taskDone(): void {
    this.#tasks -= 1;
    if (this.isIdle) this.context.idle(this);
  }

  /** Appends the records queued when it starts, in batches; later ones belong to the next drain. */
  async #drain(): Promise<void> {
    const release = await this.context.openSlot();
    try {
      this.#drainScheduled = false;
      let remaining = this.pendingRecords;
      while (remaining > 0) {
        const records = this.#take(MAX_BATCH_BYTES, remaining);
        remaining -= records.length;
        await runFileOperations(this.#appendBatch<FileHandle>(records));
      }
    } finally {
      release();
    }
  }

  /** Appends one batch under the lock and settles it (records written are dequeued, the others reported lost). Never throws. */
  *#appendBatch<TFile>(records: readonly PendingRecord[], waitLimitMs?: number): FileOperations<void, TFile> {
    const progress: BatchProgress = { phase: 'before-write', write: undefined };
    this.#batch = { records, progress };
    let outcome: AppendOutcome | undefined;
    let failure: unknown;
    try {
      outcome = yield* this.#locked(
        true,
        () => appendTraceBatch<TFile>({ traceId: this.traceId, filePath: this.filePath, records, position: this.#position, progress }),
        waitLimitMs,
      );
    } catch (error) {
      failure = error;
    }
    this.#batch = undefined;
    this.#position = outcome?.position;
    const written = outcome?.written ?? 0;
    this.context.dequeued(sumBytes(records));
    if (outcome !== undefined && outcome.failure === undefined) return;
    this.#fail(records.length - written, written, outcome?.failure ?? failure);
  }

  /** Runs `body` holding the trace's lock (taken unless this store already holds it), after checking the directory. */
  *#locked<TResult, TFile>(create: boolean, body: () => FileOperations<TResult, TFile>, waitLimitMs?: number): FileOperations<TResult | undefined, TFile> {
    if (!(yield* checkTraceDirectory<TFile>(this.context.directory, this.traceId, create))) return undefined;
    // Not `this.#held ?? (yield* …)`: the CommonJS build lowers `??` into an arrow function, where `yield` is a syntax error.
    let held = this.#held;
    if (held === undefined) held = yield* acquireTraceLock<TFile>({ path: this.#lockPath, traceId: this.traceId, owner: this.context.owner, waitLimitMs });
    this.#held = held;
    try {
      return yield* body();
    } finally {
      this.#held = undefined;
      releaseTraceLock(held);
    }
  }

  *#openIfPresent(): FileOperations<OpenedTraceFile<FileHandle> | undefined, FileHandle> {
    try {
      return yield* openTraceFile<FileHandle>(this.filePath, this.traceId, READ_FLAGS);
    } catch (error) {
      if (fileSystemErrorCode(error) === 'ENOENT') return undefined;
      throw error;
    }
  }

  /**
   * Waits (blocking: the process is exiting) until the file holds the whole of a write handed to
   * the file system before the exit, or 2 s passed; returns how many of its records are complete
   * lines in the file. The file is then taken as it is: the next append reads its tail.
   */
  #awaitLanding(write: BatchWrite, records: number): number {
    const end = write.start + write.buffer.length;
    let size = write.start;
    for (let waited = 0; ; waited += 1) {
      try {
        const stats = lstatSync(this.filePath);
        if (isSameFile(write, stats)) size = stats.size;
      } catch {
        // Gone: nothing more of the write will be seen.
      }
      if (size >= end || waited >= EXIT_WRITE_WAIT_MS) break;
      runFileOperationsSync(sleep<number>(1));
    }
    this.#position = undefined;
    return Math.min(records, completeLines(write, size - write.start).records);
  }

  /** Removes up to `maxCount` records from the front of the queue, up to `maxBytes` (at least one). */
  #take(maxBytes: number, maxCount: number): PendingRecord[] {
    const batch: PendingRecord[] = [];
    let bytes = 0;
    while (this.#queueStart < this.#queue.length && batch.length < maxCount && (batch.length === 0 || bytes < maxBytes)) {
      const record = this.#queue[this.#queueStart] as PendingRecord;
      this.#queueStart += 1;
      batch.push(record);
      bytes += record.bytes;
    }
    if (this.#queueStart === this.#queue.length || this.#queueStart > 4096) {
      this.#queue.splice(0, this.#queueStart);
      this.#queueStart = 0;
    }
    return batch;
  }

  #fail(lost: number, written: number, cause: unknown): void {
    this.context.failed(appendFailedError(this.traceId, lost, written, cause));
  }
}

/** How many records from `from` make one batch of at most {@link MAX_BATCH_BYTES} (at least one). */
function batchLength(records: readonly PendingRecord[], from: number): number {
  let bytes = 0;
  let count = 0;
  while (from + count < records.length && (count === 0 || bytes < MAX_BATCH_BYTES)) {
    bytes += (records[from + count] as PendingRecord).bytes;
    count += 1;
  }
  return count;
}

function sumBytes(batch: readonly PendingRecord[]): number {
  let bytes = 0;
  for (const record of batch) bytes += record.bytes;
  return bytes;
}
