import { join } from 'node:path';
import type { AgentCoreError } from '@jangts/agent-types';
import { AppendSlots } from './append-slots.js';
import { createLockOwner } from './lock-owner.js';
import type { PendingRecord } from './pending-record.js';
import { traceFileName } from './trace-file-name.js';
import { TraceWriter } from './trace-writer.js';
import { keepForExit, releaseFromExit } from './write-queued-at-exit.js';

/** Idle writers kept (with their sequence numbers) before idle ones are let go. */
const MAX_KEPT_WRITERS = 1024;

/** Trace files one store holds open for appending at once; other traces' drains wait their turn. */
export const MAX_OPEN_APPENDS = 64;

/**
 * The writers of one store, one per trace file, created on demand. Idle writers beyond
 * {@link MAX_KEPT_WRITERS} are dropped; a trace written again later gets a new writer that
 * recovers its sequence number from the file. Also counts the bytes queued across all traces,
 * and while any are, is on the list of the process `exit` hook (`keepForExit`).
 */
export class TraceWriterPool {
  readonly #writers = new Map<string, TraceWriter>();
  readonly #openSlots = new AppendSlots(MAX_OPEN_APPENDS);
  readonly #owner = createLockOwner();
  #queuedBytes = 0;

  constructor(
    /** Absolute directory holding the trace files. */
    readonly directory: string,
    private readonly failed: (error: AgentCoreError) => void,
  ) {}

  /** Bytes of records queued in every trace and not yet written. */
  get queuedBytes(): number {
    return this.#queuedBytes;
  }

  /** Absolute path of the file of a valid trace id. */
  filePath(traceId: string): string {
    return join(this.directory, traceFileName(traceId));
  }

  /** Queues one record on its trace's writer. */
  enqueue(traceId: string, record: PendingRecord): void {
    if (this.#queuedBytes === 0) keepForExit(this);
    this.#queuedBytes += record.bytes;
    this.#writer(traceId).enqueue(record);
  }

  /** Runs `task` on the trace's writer, serialised with its drains and other tasks. */
  withTrace<TResult>(traceId: string, task: (writer: TraceWriter) => Promise<TResult>): Promise<TResult> {
    const writer = this.#writer(traceId);
    return writer.exclusive(() => task(writer));
  }

  /**
   * The file names of the traces with records queued or being written right now (or another task
   * running): a prune asked for now must keep them, however its listing and their writes interleave.
   */
  busyTraceFiles(): Set<string> {
    const busy = new Set<string>();
    for (const [key, writer] of this.#writers) if (!writer.isIdle) busy.add(key);
    return busy;
  }

  /** Resolves once every record queued so far, in every trace, is written or reported lost. */
  async settled(): Promise<void> {
    await Promise.all([...this.#writers.values()].map((writer) => writer.settled()));
  }

  /** Appends every record not yet handed to the file system, synchronously (the `exit` hook). */
  writeQueuedSync(): void {
    for (const writer of this.#writers.values()) writer.writeQueuedSync();
  }

  #writer(traceId: string): TraceWriter {
    const key = traceFileName(traceId);
    const existing = this.#writers.get(key);
    if (existing !== undefined) return existing;
    const writer = new TraceWriter(traceId, join(this.directory, key), {
      directory: this.directory,
      owner: this.#owner,
      dequeued: (bytes) => {
        this.#queuedBytes -= bytes;
        if (this.#queuedBytes === 0) releaseFromExit(this);
      },
      failed: this.failed,
      idle: (idle) => {
        if (this.#writers.size > MAX_KEPT_WRITERS && this.#writers.get(key) === idle) this.#writers.delete(key);
      },
      openSlot: () => this.#openSlots.acquire(),
    });
    this.#writers.set(key, writer);
    return writer;
  }
}
