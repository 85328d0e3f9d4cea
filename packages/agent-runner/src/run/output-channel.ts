import type { OutputEvent } from '@jangts/agent-types';
import { thenOf } from '@jangts/agent-types/internal';
import type { SinkTarget } from '../input/runner-options.js';

/** A write waiting for its turn on a sink. */
interface WaitingWrite {
  readonly channel: OutputChannel;
  readonly event: OutputEvent;
  /** The call's closing event: written even when the call was abandoned. */
  readonly closing: boolean;
  /** Resolves the promise `deliver` returned, once the write ended or was dropped. */
  readonly done: () => void;
  dropped: boolean;
}

/**
 * Whose turn it is to write to one sink object, across calls and runners: the channel whose async
 * write is running, and the writes waiting, first come first served.
 */
interface SinkLine {
  holder: OutputChannel | undefined;
  readonly waiting: (WaitingWrite | undefined)[];
  /** Index of the first write still waiting. */
  head: number;
}

/** The line of each sink object: one write at a time, even when concurrent calls and runners share the sink. */
const lines = new WeakMap<object, SinkLine>();

const ignore = (): void => undefined;

/** Which of a call's sinks a channel writes to: the runner's or the call's own. */
export type SinkName = 'runner' | 'call';

/** Told of a sink's failure: the call's invocation (a method, so that a channel holds no closure of its own). */
export interface SinkFailureListener {
  sinkFailed(event: OutputEvent, error: unknown, sink: SinkName): void;
}

/**
 * Delivers one call's events to an output sink in order and never concurrently — not with the
 * writes of other calls sharing the sink either: while another call's async write to it is
 * settling, the next write waits its turn. A call that is stopped (aborted, timed out) gives up its
 * turn at once: a write of it that is still settling, or that never settles, no longer holds up
 * the other calls; its own closing event still waits for that write. A sink that throws or rejects
 * is reported once to `listener.sinkFailed` (naming `sink`) and detached for the rest of the call.
 */
export class OutputChannel {
  private detached = false;
  private abandoned = false;
  /** A write of this call is running (synchronously, or settling). */
  private busy = false;
  /** The closing event, held while this call's write is running. */
  private last: OutputEvent | undefined;
  private readonly line: SinkLine;

  constructor(
    private readonly target: SinkTarget,
    private readonly listener: SinkFailureListener,
    private readonly sink: SinkName,
  ) {
    let line = lines.get(target.sink);
    if (line === undefined) {
      line = { holder: undefined, waiting: [], head: 0 };
      lines.set(target.sink, line);
    }
    this.line = line;
  }

  /**
   * Writes `event`. Returns a promise (that never rejects) only when the sink returned one or
   * another call's write is still settling; the caller awaits it before the next event. Returns
   * `undefined` when the sink was written synchronously.
   */
  deliver(event: OutputEvent): Promise<void> | undefined {
    return this.enter(event, false);
  }

  /**
   * Writes the closing `event` without waiting: right away when this call has no write running,
   * else as soon as it ends (so order holds even when the call is stopped from inside a write).
   */
  deliverLast(event: OutputEvent): void {
    if (this.detached) return;
    if (this.busy) this.last = event;
    else void this.enter(event, true);
  }

  /**
   * The call was stopped: its running write (if any) no longer holds the line, and its events
   * still waiting are dropped, all but the closing one.
   */
  abandon(): void {
    if (this.abandoned) return;
    this.abandoned = true;
    const line = this.line;
    for (let index = line.head; index < line.waiting.length; index++) {
      const waiting = line.waiting[index];
      if (waiting !== undefined && waiting.channel === this && !waiting.closing) {
        waiting.dropped = true;
        waiting.done();
      }
    }
    if (line.holder === this) this.release();
  }

  private enter(event: OutputEvent, closing: boolean): Promise<void> | undefined {
    if (this.detached) return undefined;
    const line = this.line;
    if (line.holder === undefined && line.head === line.waiting.length) return this.write(event);
    return this.wait(event, closing);
  }

  /** Queues `event` behind the writes waiting on the line (apart from `enter`, so that a write that need not wait allocates no closure context). */
  private wait(event: OutputEvent, closing: boolean): Promise<void> {
    return new Promise((done) => {
      this.line.waiting.push({ channel: this, event, closing, done, dropped: false });
    });
  }

  /** Calls the sink now; then writes a closing event held meanwhile. */
  private write(event: OutputEvent): Promise<void> | undefined {
    if (this.detached) return undefined;
    this.busy = true;
    let result: unknown;
    let then: ((...callbacks: unknown[]) => unknown) | undefined;
    try {
      result = this.target.write.call(this.target.sink, event);
      // What the sink returned is read once: its `then`, when it is an object.
      then = thenOf(result);
    } catch (error) {
      this.fail(event, error);
      return this.ended();
    }
    if (then === undefined) return this.ended();
    return this.settling(event, result, then);
  }

  /**
   * The sink returned a promise (or another thenable): this call holds the line until it settles
   * (apart from `write`, so that a synchronous write allocates no closure context).
   */
  private settling(event: OutputEvent, result: unknown, then: (...callbacks: unknown[]) => unknown): Promise<void> {
    this.line.holder = this;
    return new Promise<void>((resolve) => {
      let settled = false;
      const settle = (failed: boolean, error?: unknown): void => {
        if (settled) return;
        settled = true;
        if (failed) this.fail(event, error);
        if (this.line.holder === this) this.release();
        const next = this.ended();
        if (next === undefined) resolve();
        else void next.then(resolve);
      };
      try {
        Reflect.apply(then, result, [
          () => {
            settle(false);
          },
          (error: unknown) => {
            settle(true, error);
          },
        ]);
      } catch (error) {
        settle(true, error);
      }
    });
  }

  /** This call's write ended: writes the closing event if one is held (its turn is this write's). */
  private ended(): Promise<void> | undefined {
    this.busy = false;
    const last = this.last;
    if (last === undefined) return undefined;
    this.last = undefined;
    return this.enter(last, true);
  }

  /** Hands the line to the writes waiting, in order, until one of them is settling. */
  private release(): void {
    const line = this.line;
    line.holder = undefined;
    while (line.holder === undefined && line.head < line.waiting.length) {
      const waiting = line.waiting[line.head] as WaitingWrite;
      line.waiting[line.head] = undefined;
      line.head++;
      if (line.head === line.waiting.length) {
        line.waiting.length = 0;
        line.head = 0;
      }
      if (waiting.dropped) continue;
      const pending = waiting.channel.write(waiting.event);
      if (pending === undefined) waiting.done();
      else pending.then(waiting.done, ignore);
    }
  }

  private fail(event: OutputEvent, error: unknown): void {
    if (this.detached) return;
    this.detached = true;
    this.listener.sinkFailed(event, error, this.sink);
  }
}
