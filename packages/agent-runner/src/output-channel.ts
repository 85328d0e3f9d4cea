import type { OutputEvent, OutputSink } from '@jangts/agent-types';
import { isThenable } from './is-thenable.js';

/**
 * The write of each sink still settling, across calls and runners: one sink object receives one
 * write at a time even when concurrent calls share it.
 */
const pendingWrites = new WeakMap<OutputSink, Promise<void>>();

/**
 * Delivers one call's events to an output sink in order and never concurrently — not even with
 * the writes of other calls sharing the sink: while another call's async write to it is
 * settling, the next write waits for it. A sink that throws or rejects is reported once through
 * `onFailure` and detached for the rest of the call: it receives no further events (its state is
 * unknown), and the call goes on.
 */
export class OutputChannel {
  private detached = false;
  /** A write is running (synchronously or awaiting the sink's promise). */
  private busy = false;
  /** The closing event, held while a write is running. */
  private last: OutputEvent | undefined;

  constructor(
    private readonly sink: OutputSink,
    private readonly onFailure: (event: OutputEvent, error: unknown) => void,
  ) {}

  /**
   * Writes `event`. Returns a promise (that never rejects) only when the sink returned one; the
   * caller must await it before the next event. Returns `undefined` for a synchronous sink.
   */
  deliver(event: OutputEvent): Promise<void> | undefined {
    if (this.detached) return undefined;
    const pending = pendingWrites.get(this.sink);
    if (pending !== undefined) {
      // Another call's write is settling: write after it (then check again, as other waiters may
      // have gone first).
      this.busy = true;
      return pending.then(() => {
        this.busy = false;
        return this.deliver(event);
      });
    }
    this.busy = true;
    let result: unknown;
    try {
      result = this.sink.write(event);
    } catch (error) {
      this.fail(event, error);
      this.idle();
      return undefined;
    }
    if (!isThenable(result)) {
      this.idle();
      return undefined;
    }
    const settled = Promise.resolve(result).then(
      () => {
        this.release(settled);
        this.idle();
      },
      (error: unknown) => {
        this.release(settled);
        this.fail(event, error);
        this.idle();
      },
    );
    pendingWrites.set(this.sink, settled);
    return settled;
  }

  private release(write: Promise<void>): void {
    if (pendingWrites.get(this.sink) === write) pendingWrites.delete(this.sink);
  }

  /**
   * Writes the closing `event` without waiting: right away when the sink is idle, else as soon
   * as the running write ends (so order and exclusivity hold even when the call is stopped from
   * inside a sink write).
   */
  deliverLast(event: OutputEvent): void {
    if (this.busy) this.last = event;
    else void this.deliver(event);
  }

  private idle(): void {
    this.busy = false;
    const last = this.last;
    if (last === undefined) return;
    this.last = undefined;
    void this.deliver(last);
  }

  private fail(event: OutputEvent, error: unknown): void {
    if (this.detached) return;
    this.detached = true;
    this.onFailure(event, error);
  }
}
