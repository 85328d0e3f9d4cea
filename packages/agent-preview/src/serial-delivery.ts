import type { MaybePromise } from '@jangts/agent-types';

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function ignore(): void {
  // a settled call: its outcome went to the write that caused it
}

/**
 * Hands bubble lists to a sink one call at a time, coalescing the lists that arrive while a call
 * is in flight (the serial, coalescing delivery of `createReplyPreview`).
 */
export class SerialDelivery {
  /** The call in flight (or the last one), until it settles. */
  private tail: Promise<void> | undefined;
  /** The latest list waiting for the call in flight to settle. */
  private waiting: readonly string[] | undefined;
  /** The call that will carry `waiting`. */
  private next: Promise<void> | undefined;

  constructor(private readonly sink: (bubbles: readonly string[]) => unknown) {}

  /**
   * Calls the sink with `bubbles` now when it is idle; while a call is in flight, keeps only the
   * latest list and calls the sink with it once the call in flight settles. Returns nothing when
   * the sink ran synchronously (no promise is made), else a promise settling with the call that
   * carries `bubbles`. A synchronous throw of the sink is rethrown.
   */
  deliver(bubbles: readonly string[]): MaybePromise<void> {
    if (this.tail === undefined) {
      const result = this.sink(bubbles);
      if (!isPromiseLike(result)) return undefined;
      return this.track(Promise.resolve(result).then(ignore));
    }
    this.waiting = bubbles;
    this.next ??= this.track(this.callLater(this.tail));
    return this.next;
  }

  /** Settles (never rejects) once every call delivered so far has settled; nothing when none is in flight. */
  settled(): MaybePromise<void> {
    return this.tail?.then(ignore, ignore);
  }

  private track(call: Promise<void>): Promise<void> {
    this.tail = call;
    const clear = (): void => {
      if (this.tail === call) this.tail = undefined;
    };
    call.then(clear, clear);
    return call;
  }

  private async callLater(previous: Promise<void>): Promise<void> {
    await previous.then(ignore, ignore);
    const bubbles = this.waiting ?? [];
    this.waiting = undefined;
    this.next = undefined;
    await this.sink(bubbles);
  }
}
