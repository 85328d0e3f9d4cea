import type { MaybePromise } from '@jangts/agent-types';

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function ignore(): void {
  // a settled call: its outcome went to the write that caused it
}

/** Whether two bubble lists are equal element by element. */
function sameBubbles(left: readonly string[], right: readonly string[] | undefined): boolean {
  if (right === undefined || left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) {
    if (left[index] !== right[index]) return false;
  }
  return true;
}

/**
 * What is known of a list given to {@link SerialDelivery.deliver}: `unknown` (it may equal the list
 * the sink was handed last: compared), `changed` (it differs from every list delivered before it
 * in its stage, so from the one handed last: not compared — comparing strings costs ~25 ns each,
 * too much to pay per delta for a long list), or `withdrawal` (the `[]` of a failed stage, handed
 * over even when it repeats).
 */
export type DeliveryKind = 'unknown' | 'changed' | 'withdrawal';

/**
 * Hands bubble lists to a sink one call at a time, coalescing the lists that arrive while a call
 * is in flight (the serial, coalescing delivery of `createReplyPreview`). The sink is never handed
 * a list equal to the one it was handed last, but for a `withdrawal`.
 */
export class SerialDelivery {
  /** The call in flight (or the last one), until it settles. */
  private tail: Promise<void> | undefined;
  /** The list the sink was handed last (`undefined`: none yet). */
  private handed: readonly string[] | undefined;
  /** The latest list waiting for the call in flight to settle. */
  private waiting: readonly string[] | undefined;
  /** What is known of `waiting`. */
  private waitingKind: DeliveryKind = 'unknown';
  /** The call that will carry `waiting`. */
  private next: Promise<void> | undefined;

  constructor(private readonly sink: (bubbles: readonly string[]) => unknown) {}

  /**
   * Calls the sink with `bubbles` now when it is idle; while a call is in flight, keeps only the
   * latest list and calls the sink with it once the call in flight settles. An `unknown` list equal
   * to the one the sink was handed last is not handed over: while a call is in flight it still
   * replaces a list waiting, which then makes no call. Returns nothing when no call
   * carries `bubbles` or the sink ran synchronously (no promise is made), else a promise settling
   * with the call that carries `bubbles`. A synchronous throw of the sink is rethrown.
   */
  deliver(bubbles: readonly string[], kind: DeliveryKind = 'unknown'): MaybePromise<void> {
    const repeats = kind === 'unknown' && sameBubbles(bubbles, this.handed);
    if (this.tail === undefined) {
      if (repeats) return undefined;
      const result = this.hand(bubbles);
      if (!isPromiseLike(result)) return undefined;
      return this.track(this.settle(bubbles, Promise.resolve(result)));
    }
    if (repeats && this.next === undefined) return undefined;
    this.waiting = bubbles;
    this.waitingKind = kind;
    if (repeats) return undefined;
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
    const kind = this.waitingKind;
    this.waiting = undefined;
    this.waitingKind = 'unknown';
    this.next = undefined;
    // The list waiting was replaced by one equal to the list handed last: nothing to hand over.
    if (kind === 'unknown' && sameBubbles(bubbles, this.handed)) return;
    await this.settle(bubbles, Promise.resolve(this.hand(bubbles)));
  }

  /** Calls the sink with `bubbles` and returns what it returned; a synchronous throw is forgotten (see {@link forget}) and rethrown. */
  private hand(bubbles: readonly string[]): unknown {
    this.handed = bubbles;
    try {
      return this.sink(bubbles);
    } catch (error) {
      this.forget(bubbles);
      throw error;
    }
  }

  /** The outcome of a sink call carrying `bubbles`; a failed call is forgotten (see {@link forget}). */
  private async settle(bubbles: readonly string[], call: Promise<unknown>): Promise<void> {
    try {
      await call;
    } catch (error) {
      this.forget(bubbles);
      throw error;
    }
  }

  /** A sink call carrying `bubbles` failed: the sink may not show them, so an equal list is handed over again. */
  private forget(bubbles: readonly string[]): void {
    if (this.handed === bubbles) this.handed = undefined;
  }
}
