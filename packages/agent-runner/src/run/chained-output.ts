import type { OutputEvent } from '@jangts/agent-types';
import type { OutputChannel } from './output-channel.js';

/**
 * Delivers one call's events to two sinks: the runner's, then the call's own. Each event goes to
 * the first and, once that write ended, to the second, so the two are never written at the same
 * time; each detaches alone when it fails. A call that is stopped waits for neither: an event the
 * first sink is still writing never reaches the second, but the closing event reaches both.
 */
export class ChainedOutput {
  private abandoned = false;
  /** The closing event while the first sink is writing it: the second is still owed it. */
  private owed: OutputEvent | undefined;

  constructor(
    private readonly first: OutputChannel,
    private readonly second: OutputChannel,
  ) {}

  /** Writes `event` to both sinks in turn; a promise (that never rejects) only when a write is settling. */
  deliver(event: OutputEvent): Promise<void> | undefined {
    const pending = this.first.deliver(event);
    if (pending === undefined) return this.second.deliver(event);
    if (event.type === 'stage-end') this.owed = event;
    return pending.then(() => {
      if (this.abandoned) return undefined;
      this.owed = undefined;
      return this.second.deliver(event);
    });
  }

  /** Writes the closing `event` to each sink without waiting (see {@link OutputChannel.deliverLast}). */
  deliverLast(event: OutputEvent): void {
    this.first.deliverLast(event);
    this.second.deliverLast(event);
  }

  /** The call was stopped: neither sink holds it up any more; the second still gets a closing event it is owed. */
  abandon(): void {
    this.abandoned = true;
    this.first.abandon();
    const owed = this.owed;
    this.owed = undefined;
    if (owed !== undefined) this.second.deliverLast(owed);
    this.second.abandon();
  }
}
