import type { OutputEvent, OutputSink } from '@jangts/agent-types';
import { isThenable } from './is-thenable.js';

/**
 * The last write queued on each sink, across calls and runners: one sink object receives one
 * write at a time even when concurrent calls share it, in the order the writes were queued.
 * Each waiting write is chained once onto the one before it (a queue), so draining many waiting
 * writes costs one step each.
 */
const queuedWrites = new WeakMap<OutputSink, Promise<void>>();

/**
 * Delivers one call's events to an output sink in order and never concurrently — not even with
 * the writes of other calls sharing the sink: while another call's async write to it is
 * settling, the next write waits its turn. A sink that throws or rejects is reported once through
 * `onFailure` and detached for the rest of the call: it receives no further events (its state is
 * unknown), and the call goes on.
 */
export class OutputChannel {
  private detached = false;
  /** A write is running or waiting its turn (synchronously or awaiting a promise). */
  private busy = false;
  /** The closing event, held while a write is running. */
  private last: OutputEvent | undefined;

  constructor(
    private readonly sink: OutputSink,
    private readonly onFailure: (event: OutputEvent, error: unknown) => void,
  ) {}

  /**
   * Writes `event`. Returns a promise (that never rejects) only when the sink returned one or
   * another call's write to the sink is still settling; the caller must await it before the next
   * event. Returns `undefined` when the sink was written synchronously.
   */
  deliver(event: OutputEvent): Promise<void> | undefined {
    if (this.detached) return undefined;
    this.busy = true;
    const queued = queuedWrites.get(this.sink);
    const write = queued === undefined ? this.write(event) : queued.then(() => this.write(event));
    if (write !== undefined) this.enqueue(write);
    return write;
  }

  /** Makes `write` the last queued write on the sink until it settles. */
  private enqueue(write: Promise<void>): void {
    queuedWrites.set(this.sink, write);
    void write.then(() => {
      if (queuedWrites.get(this.sink) === write) queuedWrites.delete(this.sink);
    });
  }

  /**
   * Calls the sink now, then writes a closing event held meanwhile; returns a promise that never
   * rejects when either write returned one.
   */
  private write(event: OutputEvent): Promise<void> | undefined {
    if (this.detached) return this.idle();
    let result: unknown;
    try {
      result = this.sink.write(event);
    } catch (error) {
      this.fail(event, error);
      return this.idle();
    }
    let thenable: boolean;
    try {
      thenable = isThenable(result);
    } catch (error) {
      // What the sink returned throws when its `then` is read (a getter, a proxy): a failed write.
      this.fail(event, error);
      return this.idle();
    }
    if (!thenable) return this.idle();
    return Promise.resolve(result).then(
      () => this.idle(),
      (error: unknown) => {
        this.fail(event, error);
        return this.idle();
      },
    );
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

  /** The write ended: writes the closing event if one is held (its turn is this write's). */
  private idle(): Promise<void> | undefined {
    this.busy = false;
    const last = this.last;
    if (last === undefined) return undefined;
    this.last = undefined;
    this.busy = true;
    return this.write(last);
  }

  private fail(event: OutputEvent, error: unknown): void {
    if (this.detached) return;
    this.detached = true;
    this.onFailure(event, error);
  }
}
