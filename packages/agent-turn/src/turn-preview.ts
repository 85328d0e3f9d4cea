import type { OutputEvent, OutputSink, SubFlowLog } from '@jangts/agent-types';
import { recordBestEffort, thenOf } from '@jangts/agent-types/internal';

/**
 * The App's preview sink (such as `createReplyPreview`'s) as a turn's model calls write it: every
 * step's call streams to it as the call's own sink (`sink: { output }` of the runner's request),
 * so the preview grows with each text and argument delta and withdraws a failed step (the
 * runner's `stage-end` with `ok: false`). A preview that throws or rejects is recorded once
 * (`turn.warning`, `SINK_FAILED`, the step and the event) and detached for the rest of the turn;
 * its failure is handed on, so the runner detaches it for the call too, and never fails the turn.
 */
export class TurnPreview {
  private failed = false;

  constructor(
    private readonly preview: OutputSink | undefined,
    private readonly logger: SubFlowLog | undefined,
  ) {}

  /** The call's own sink for step `step`'s model call; undefined without a preview or once it failed. */
  sinkOf(step: number): { readonly output: OutputSink } | undefined {
    const { preview } = this;
    if (preview === undefined || this.failed) return undefined;
    return { output: { write: (event) => this.write(preview, step, event) } };
  }

  /** Writes one event: synchronously when the preview did, else a promise that rejects when it did. */
  private write(preview: OutputSink, step: number, event: OutputEvent): Promise<void> | undefined {
    let result: unknown;
    let then: ((...callbacks: unknown[]) => unknown) | undefined;
    try {
      result = preview.write(event);
      // What the preview returned is read once: its `then`, when it is an object.
      then = thenOf(result);
    } catch (error) {
      this.fail(step, event);
      throw error;
    }
    if (then === undefined) return undefined;
    return new Promise<void>((resolve, reject) => {
      Reflect.apply(then, result, [() => { resolve(); }, reject]);
    }).catch((error: unknown) => {
      this.fail(step, event);
      throw error;
    });
  }

  private fail(step: number, event: OutputEvent): void {
    if (this.failed) return;
    this.failed = true;
    recordBestEffort(this.logger, 'turn.warning', { step, code: 'SINK_FAILED', event: event.type });
  }
}
