import { open, type FileHandle } from 'node:fs/promises';
import { AgentCoreError } from '@jangts/agent-types';
import type { PendingRecord } from './pending-record.js';
import { endsWithNewline, readTraceTail } from './read-trace-tail.js';
import { errorMessage } from '../error-message.js';

/** Most bytes handed to one `write` call; a longer queue is written in several. */
const MAX_BATCH_BYTES = 1024 * 1024;

/** What a {@link TraceWriter} reports to the store that owns it. */
export interface TraceWriterHooks {
  /** Creates the store's directory if missing; rejects when it cannot. */
  ensureDirectory(): Promise<void>;
  /** Records left the queue (written, or lost to a failure), freeing `bytes` of queue space. */
  dequeued(bytes: number): void;
  /** An append failed; the error names the trace and how many records were lost. */
  failed(error: AgentCoreError): void;
  /** The writer has nothing queued and no task running. */
  idle(writer: TraceWriter): void;
  /** Waits for a turn to hold the file open (the store limits how many are open at once); resolves with its release. */
  openSlot(): Promise<() => void>;
}

/**
 * The one appender of one trace file. Records are queued synchronously and written in queue
 * order by a single drain at a time, each as one whole line, so lines never interleave. Every
 * other task touching the file (a read's size snapshot, a prune) runs through
 * {@link TraceWriter.exclusive}, serialised with the drains.
 *
 * Sequence numbers are assigned at write time, continuing from the last record found in the
 * file when it is first opened. Each drain opens the file, writes its share and closes it again.
 */
export class TraceWriter {
  readonly #queue: PendingRecord[] = [];
  #queueStart = 0;
  #nextSeq: number | undefined;
  /** A drain is chained and has not yet taken its share of the queue. */
  #drainScheduled = false;
  #tasks = 0;
  #chain: Promise<void> = Promise.resolve();

  constructor(
    /** Trace this writer appends to. */
    readonly traceId: string,
    /** Absolute path of the trace file. */
    readonly filePath: string,
    private readonly hooks: TraceWriterHooks,
  ) {}

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

  /** Forgets the sequence number, so the next append recovers it from the file (after a prune deleted it). */
  forgetSequence(): void {
    this.#nextSeq = undefined;
  }

  #taskDone(): void {
    this.#tasks -= 1;
    if (this.isIdle) this.hooks.idle(this);
  }

  /** Writes the records queued when it starts; later ones belong to the next drain. */
  async #drain(): Promise<void> {
    const release = await this.hooks.openSlot();
    try {
      await this.#drainHoldingSlot();
    } finally {
      release();
    }
  }

  async #drainHoldingSlot(): Promise<void> {
    this.#drainScheduled = false;
    let remaining = this.pendingRecords;
    let handle: FileHandle | undefined;
    let startWithNewline = false;
    try {
      while (remaining > 0) {
        if (handle === undefined) {
          try {
            ({ handle, startWithNewline } = await this.#openForAppend());
          } catch (error) {
            this.#fail(this.#take(Number.POSITIVE_INFINITY, remaining), error);
            break;
          }
        }
        const batch = this.#take(MAX_BATCH_BYTES, remaining);
        remaining -= batch.length;
        const text = this.#format(batch, startWithNewline);
        try {
          await writeAll(handle, Buffer.from(text));
          startWithNewline = false;
          this.hooks.dequeued(sumBytes(batch));
        } catch (error) {
          this.#fail(batch, error);
          // The file may now end inside a line: reopen and check before the next batch.
          await closeQuietly(handle);
          handle = undefined;
        }
      }
    } finally {
      if (handle !== undefined) await closeQuietly(handle);
    }
  }

  async #openForAppend(): Promise<{ handle: FileHandle; startWithNewline: boolean }> {
    await this.hooks.ensureDirectory();
    const handle = await open(this.filePath, 'a+');
    try {
      const { size } = await handle.stat();
      if (this.#nextSeq !== undefined) return { handle, startWithNewline: !(await endsWithNewline(handle, size)) };
      const tail = await readTraceTail(handle, size);
      this.#nextSeq = tail.lastSeq + 1;
      return { handle, startWithNewline: !tail.endsWithNewline };
    } catch (error) {
      await closeQuietly(handle);
      throw error;
    }
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

  #format(batch: readonly PendingRecord[], startWithNewline: boolean): string {
    let seq = this.#nextSeq ?? 0;
    let text = startWithNewline ? '\n' : '';
    for (const record of batch) {
      text += `${record.head}${seq}${record.tail}\n`;
      seq += 1;
    }
    this.#nextSeq = seq;
    return text;
  }

  #fail(batch: readonly PendingRecord[], cause: unknown): void {
    this.hooks.dequeued(sumBytes(batch));
    const reason = errorMessage(cause);
    this.hooks.failed(
      new AgentCoreError('LOG_FAILED', `could not append ${batch.length} record(s) to trace "${this.traceId}": ${reason}`, {
        details: { traceId: this.traceId, lostRecords: batch.length },
        cause,
      }),
    );
  }
}

/** Writes all of `buffer`, however many `write` calls the file system needs. */
async function writeAll(handle: FileHandle, buffer: Buffer): Promise<void> {
  let offset = 0;
  while (offset < buffer.length) {
    const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset, null);
    offset += bytesWritten;
  }
}

async function closeQuietly(handle: FileHandle): Promise<void> {
  try {
    await handle.close();
  } catch {
    // Every byte was already handed to the file system; a failing close loses nothing of ours.
  }
}

function sumBytes(batch: readonly PendingRecord[]): number {
  let bytes = 0;
  for (const record of batch) bytes += record.bytes;
  return bytes;
}
