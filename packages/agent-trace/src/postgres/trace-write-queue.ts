import type { PendingRow } from './pending-row.js';

/** Most rows one batch (one transaction) holds. */
const MAX_BATCH_ROWS = 10_000;

/** Most bytes of records one batch holds (at least one record). */
const MAX_BATCH_BYTES = 4 * 1024 * 1024;

/** What a {@link TraceWriteQueue} needs from its store. */
export interface TraceWriteQueueContext {
  /** Writes one batch of the trace (all or none, failures reported by the store); never rejects. */
  write(traceId: string, rows: readonly PendingRow[]): Promise<void>;
  /** Records left the queue (written, or lost to a failure), freeing `bytes` of queue space. */
  dequeued(bytes: number): void;
  /** Nothing is queued and no drain runs. */
  idle(queue: TraceWriteQueue): void;
}

/**
 * The write queue of one trace in one store: records are queued synchronously and written in
 * queue order by one drain at a time, in batches, so one store's records keep the order of their
 * `record()` calls (and each flow its own). A batch whose write failed is not retried after the
 * store gave up on it: the next batch goes on.
 */
export class TraceWriteQueue {
  #rows: PendingRow[] = [];
  #start = 0;
  #drainScheduled = false;
  #draining = 0;
  #chain: Promise<void> = Promise.resolve();

  constructor(
    readonly traceId: string,
    private readonly context: TraceWriteQueueContext,
  ) {}

  /** True when nothing is queued or being written. */
  get isIdle(): boolean {
    return this.#draining === 0 && this.#rows.length === this.#start;
  }

  /** Queues one record, and chains a drain unless one is chained and has not started. */
  enqueue(row: PendingRow): void {
    this.#rows.push(row);
    if (this.#drainScheduled) return;
    this.#drainScheduled = true;
    this.#draining += 1;
    const done = (): void => {
      this.#draining -= 1;
      if (this.isIdle) this.context.idle(this);
    };
    this.#chain = this.#chain.then(() => this.#drain()).then(done, done);
  }

  /** Resolves once every record queued so far is written or reported lost. Never rejects. */
  settled(): Promise<void> {
    return this.#chain;
  }

  /** Writes the records queued when it starts, in batches; later ones belong to the next drain. */
  async #drain(): Promise<void> {
    this.#drainScheduled = false;
    let remaining = this.#rows.length - this.#start;
    while (remaining > 0) {
      const batch = this.#take(remaining);
      remaining -= batch.length;
      try {
        await this.context.write(this.traceId, batch);
      } finally {
        let bytes = 0;
        for (const row of batch) bytes += row.bytes;
        this.context.dequeued(bytes);
      }
    }
  }

  /** Up to `most` rows from the front of the queue, within the batch limits (at least one). */
  #take(most: number): PendingRow[] {
    const count = Math.min(most, MAX_BATCH_ROWS);
    let end = this.#start;
    let bytes = 0;
    while (end < this.#start + count && (end === this.#start || bytes + (this.#rows[end] as PendingRow).bytes <= MAX_BATCH_BYTES)) {
      bytes += (this.#rows[end] as PendingRow).bytes;
      end += 1;
    }
    const batch = this.#rows.slice(this.#start, end);
    this.#start = end;
    if (this.#start === this.#rows.length) {
      this.#rows = [];
      this.#start = 0;
    } else if (this.#start > 65_536) {
      this.#rows = this.#rows.slice(this.#start);
      this.#start = 0;
    }
    return batch;
  }
}
