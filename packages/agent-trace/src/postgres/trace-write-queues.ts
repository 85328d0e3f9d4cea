import type { PendingRow } from './pending-row.js';
import { TraceWriteQueue } from './trace-write-queue.js';

/** Idle queues kept before idle ones are let go. */
const MAX_KEPT_QUEUES = 1024;

/**
 * The write queues of one store, one per trace, made on demand and let go when idle (beyond
 * {@link MAX_KEPT_QUEUES}); also counts the bytes queued across all traces.
 */
export class TraceWriteQueues {
  readonly #queues = new Map<string, TraceWriteQueue>();
  #queuedBytes = 0;

  constructor(private readonly write: (traceId: string, rows: readonly PendingRow[]) => Promise<void>) {}

  /** Bytes of records queued in every trace and not yet written. */
  get queuedBytes(): number {
    return this.#queuedBytes;
  }

  /** Queues one record of `traceId`. */
  enqueue(traceId: string, row: PendingRow): void {
    this.#queuedBytes += row.bytes;
    this.#queue(traceId).enqueue(row);
  }

  /** Resolves once every record of `traceId` queued so far is written or reported lost. */
  settledFor(traceId: string): Promise<void> {
    return this.#queues.get(traceId)?.settled() ?? Promise.resolve();
  }

  /** Resolves once every record queued so far, in every trace, is written or reported lost. */
  async settled(): Promise<void> {
    await Promise.all([...this.#queues.values()].map((queue) => queue.settled()));
  }

  /** The traces with records queued or being written right now: a prune asked for now keeps them. */
  busyTraces(): Set<string> {
    const busy = new Set<string>();
    for (const [traceId, queue] of this.#queues) if (!queue.isIdle) busy.add(traceId);
    return busy;
  }

  #queue(traceId: string): TraceWriteQueue {
    const existing = this.#queues.get(traceId);
    if (existing !== undefined) return existing;
    const queue = new TraceWriteQueue(traceId, {
      write: this.write,
      dequeued: (bytes) => {
        this.#queuedBytes -= bytes;
      },
      idle: (idle) => {
        if (this.#queues.size > MAX_KEPT_QUEUES && this.#queues.get(traceId) === idle) this.#queues.delete(traceId);
      },
    });
    this.#queues.set(traceId, queue);
    return queue;
  }
}
