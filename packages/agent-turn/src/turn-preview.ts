import type { OutputEvent, OutputSink, SubFlowLog, ToolProposal } from '@jangts/agent-types';
import { recordTurnEvent } from './record-turn-event.js';
import { settleAbortable } from './settle-abortable.js';

/** What a step's model call gave the preview: its text and proposals, or the code it failed with. */
export type PreviewedStep = { readonly text: string; readonly proposals: readonly ToolProposal[] } | { readonly code: string };

/**
 * Feeds the App's preview sink (such as `createReplyPreview`'s) every step of a turn, in order
 * and never concurrently: stage start, the step's text, each proposal's arguments as JSON text,
 * and stage end (`ok: false` with the code for a failed call, so a preview withdraws what it
 * showed). A sink that throws or rejects is detached for the rest of the turn and recorded
 * (`turn.warning`, `SINK_FAILED`); it never fails the turn.
 */
export class TurnPreview {
  private sink: OutputSink | undefined;

  constructor(
    sink: OutputSink | undefined,
    private readonly stageId: string,
    private readonly toolIds: readonly string[],
    private readonly logger: SubFlowLog | undefined,
    private readonly signal: AbortSignal,
  ) {
    this.sink = sink;
  }

  /** Writes one step's events. */
  async step(step: number, outcome: PreviewedStep): Promise<void> {
    if (this.sink === undefined) return;
    const { stageId } = this;
    const events: OutputEvent[] = [{ type: 'stage-start', stageId, mode: 'tools', toolIds: this.toolIds }];
    if ('code' in outcome) events.push({ type: 'stage-end', stageId, ok: false, code: outcome.code });
    else {
      if (outcome.text !== '') events.push({ type: 'text-delta', stageId, text: outcome.text });
      for (const { callId, toolId, args } of outcome.proposals) events.push({ type: 'tool-call-delta', stageId, callId, toolId, argsDelta: JSON.stringify(args) });
      events.push({ type: 'stage-end', stageId, ok: true });
    }
    for (const event of events) {
      const sink = this.sink;
      if (sink === undefined) return;
      const settled = await settleAbortable(() => sink.write(event), this.signal);
      if (settled.kind === 'aborted') return;
      if (settled.kind === 'error') {
        this.sink = undefined;
        recordTurnEvent(this.logger, 'turn.warning', { step, code: 'SINK_FAILED', event: event.type });
      }
    }
  }
}
