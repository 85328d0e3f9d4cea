import type { MaybePromise } from '@jangts/agent-types';

/** Hands bubble lists to a sink one call at a time, coalescing the lists that arrive meanwhile. */
export interface SerialDelivery {
  /**
   * Calls the sink with `bubbles` now when it is idle; while a call is in flight, keeps only the
   * latest list and calls the sink with it once the call in flight settles. Returns nothing when
   * the sink ran synchronously, else a promise settling with the call that carries `bubbles`.
   * A synchronous throw of the sink is rethrown.
   */
  deliver(bubbles: readonly string[]): MaybePromise<void>;
  /** Settles (never rejects) once every call delivered so far has settled. */
  settled(): MaybePromise<void>;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function ignore(): void {
  // a settled call: its outcome went to the write that caused it
}

/** Creates the serial, coalescing delivery of {@link createReplyPreview}. */
export function createSerialDelivery(sink: (bubbles: readonly string[]) => unknown): SerialDelivery {
  let tail: Promise<void> | undefined;
  let waiting: readonly string[] | undefined;
  let next: Promise<void> | undefined;

  function track(call: Promise<void>): Promise<void> {
    tail = call;
    const clear = (): void => {
      if (tail === call) tail = undefined;
    };
    call.then(clear, clear);
    return call;
  }

  async function callLater(previous: Promise<void>): Promise<void> {
    await previous.then(ignore, ignore);
    const bubbles = waiting ?? [];
    waiting = undefined;
    next = undefined;
    await sink(bubbles);
  }

  return {
    deliver(bubbles) {
      if (tail === undefined) {
        const result = sink(bubbles);
        if (!isPromiseLike(result)) return undefined;
        return track(Promise.resolve(result).then(ignore));
      }
      waiting = bubbles;
      next ??= track(callLater(tail));
      return next;
    },
    settled() {
      return tail?.then(ignore, ignore);
    },
  };
}
