import type { MaybePromise } from '@jangts/agent-types';
import type { Schedule } from './coalescing-schedule.js';
import type { ReplyPreviewSink } from './reply-preview-options.js';

/** No change waits to be handed over. */
const NONE = -1;

function ignore(): void {
  // a settled call: its outcome went to the write that caused it
}

/**
 * What the sink returned, as a promise when it is a thenable (`then` read once, so a getter that
 * answers differently later changes nothing); `undefined` otherwise. A `then` getter that throws
 * throws here: the sink call failed.
 */
function awaited(result: unknown): Promise<void> | undefined {
  if ((typeof result !== 'object' && typeof result !== 'function') || result === null) return undefined;
  const then: unknown = (result as { readonly then?: unknown }).then;
  if (typeof then !== 'function') return undefined;
  return new Promise<void>((resolve, reject) => {
    (then as (onFulfilled: () => void, onRejected: (reason: unknown) => void) => unknown).call(
      result,
      () => {
        resolve();
      },
      reject,
    );
  });
}

/** The first index where `left` and `right` differ (the shorter length when one is a prefix of the other). */
function firstDifference(left: readonly string[], right: readonly string[]): number {
  const length = Math.min(left.length, right.length);
  let index = 0;
  while (index < length && left[index] === right[index]) index++;
  return index;
}

/**
 * Hands the preview's bubble list to the sink (a copy per call, or the live list itself), one call at a time, with the index of the
 * first bubble that changed since the sink's previous call. Changes made while a call is in flight
 * (or, with a `schedule`, until the scheduled call) are coalesced into one call with the latest
 * list. A new list (a new stage) equal to the one the sink holds is not handed over; the `[]` of
 * a failed stage always is.
 *
 * Without a schedule a change is handed over at once when the sink is idle (a synchronous sink is
 * called inside the write), and the write gets the promise of the call carrying its change. With
 * a schedule, writes return nothing and the failure of a scheduled call is thrown by the next
 * write, or by the promise of a stage's end.
 */
export class SinkDelivery {
  /** The list to hand over next: the live list of the stage shown last, or a withdrawal's `[]`. */
  #list: readonly string[] = [];
  /** The first index changed since the sink's last call; {@link NONE}: nothing to hand over. */
  #from = NONE;
  /** The change waiting is the `[]` of a failed stage: handed over even when it repeats. */
  #withdrawal = false;
  /** The list the sink was handed last, while what it holds is what the sink got (else unknown). */
  #screen: readonly string[] | undefined;
  /** The call in flight (or the last one), until it settles. */
  #tail: Promise<void> | undefined;
  /** The call that will carry the change waiting, once the call in flight settles. */
  #next: Promise<void> | undefined;
  /** Cancels the scheduled call. */
  #cancel: (() => void) | undefined;
  /** A failure of a scheduled call, for the next write to report. */
  #failure: { readonly error: unknown } | undefined;

  readonly #sink: ReplyPreviewSink;
  readonly #schedule: Schedule | undefined;
  /** Hand over the live list itself rather than a copy per call. */
  readonly #live: boolean;

  constructor(sink: ReplyPreviewSink, schedule: Schedule | undefined, live = false) {
    this.#sink = sink;
    this.#schedule = schedule;
    this.#live = live;
  }

  /** The list given to the delivery last: what the sink holds, or will be handed next. */
  get latest(): readonly string[] {
    return this.#list;
  }

  /** The live `list` changed from index `from` on. */
  update(list: readonly string[], from: number): MaybePromise<void> {
    this.#take(list);
    if (this.#from === NONE || from < this.#from) this.#from = from;
    if (this.#schedule === undefined) return this.#request();
    this.#cancel ??= this.#schedule(this.#fire);
    this.#report();
    return undefined;
  }

  /** A failed stage: hands over `withdrawn` (an empty list) now or after the call in flight, even when it repeats. */
  withdraw(withdrawn: readonly string[]): MaybePromise<void> {
    this.#take(withdrawn);
    this.#from = 0;
    this.#withdrawal = true;
    return this.end();
  }

  /**
   * A stage ended: hands over the change waiting now (or after the call in flight). Returns the
   * promise of the call carrying it, or else one that settles once every call made so far has.
   */
  end(): MaybePromise<void> {
    this.#cancel?.();
    this.#cancel = undefined;
    if (this.#schedule === undefined) return this.#from === NONE ? this.#settled() : this.#request();
    this.#keep();
    const settled = this.#settled();
    if (settled !== undefined) {
      return settled.then(() => {
        this.#report();
      });
    }
    this.#report();
    return undefined;
  }

  /** Makes `list` the one to hand over; the sink's hold on the one before is unknown if it missed a change. */
  #take(list: readonly string[]): void {
    if (list === this.#list) return;
    if (this.#from !== NONE && this.#screen === this.#list) this.#screen = undefined;
    this.#list = list;
    this.#withdrawal = false;
  }

  readonly #fire = (): void => {
    this.#cancel = undefined;
    this.#keep();
  };

  /** Hands the change waiting over, keeping a failure for the next write to report (coalesced calls). */
  #keep(): void {
    try {
      const call = this.#from === NONE ? undefined : this.#request();
      call?.then(undefined, this.#store);
    } catch (error) {
      this.#store(error);
    }
  }

  readonly #store = (error: unknown): void => {
    this.#failure ??= { error };
  };

  /** Throws the failure of a coalesced call that no write reported yet. */
  #report(): void {
    const failure = this.#failure;
    if (failure === undefined) return;
    this.#failure = undefined;
    throw failure.error;
  }

  /** Settles (never rejects) once every call made so far has settled; nothing when none is in flight. */
  #settled(): Promise<void> | undefined {
    return this.#tail?.then(ignore, ignore);
  }

  #request(): MaybePromise<void> {
    if (this.#tail === undefined) return this.#call();
    return (this.#next ??= this.#track(this.#later(this.#tail)));
  }

  #track(call: Promise<void>): Promise<void> {
    this.#tail = call;
    const clear = (): void => {
      if (this.#tail === call) this.#tail = undefined;
    };
    call.then(clear, clear);
    return call;
  }

  async #later(previous: Promise<void>): Promise<void> {
    await previous.then(ignore, ignore);
    this.#next = undefined;
    await this.#call();
  }

  /** Calls the sink with the change waiting, if any; a synchronous failure is rethrown, an async one rejects. */
  #call(): MaybePromise<void> {
    let from = this.#from;
    if (from === NONE) return undefined;
    const list = this.#list;
    const screen = this.#screen;
    const withdrawal = this.#withdrawal;
    this.#from = NONE;
    this.#withdrawal = false;
    if (list !== screen) {
      // A new list (a new stage, a withdrawal) is compared with what the sink holds, when known.
      from = screen === undefined ? 0 : firstDifference(screen, list);
      if (!withdrawal && from === list.length && from === screen?.length) {
        this.#screen = list;
        return undefined;
      }
    }
    this.#screen = list;
    let pending: Promise<void> | undefined;
    try {
      pending = awaited(this.#sink(this.#live ? list : list.slice(), { from }));
    } catch (error) {
      this.#forget(list);
      throw error;
    }
    return pending === undefined ? undefined : this.#track(this.#settle(list, pending));
  }

  /** The outcome of a sink call carrying `list`; a failed call is forgotten (see {@link forget}). */
  async #settle(list: readonly string[], call: Promise<void>): Promise<void> {
    try {
      await call;
    } catch (error) {
      this.#forget(list);
      throw error;
    }
  }

  /** A sink call carrying `list` failed: the sink may not show it, so the next call starts from 0 and an equal list is handed over again. */
  #forget(list: readonly string[]): void {
    if (this.#screen === list) this.#screen = undefined;
  }
}
