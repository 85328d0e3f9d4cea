import type { MaybePromise } from './maybe-promise.js';

/** One event of a model call, delivered to output sinks in order. */
export type OutputEvent =
  | { readonly type: 'stage-start'; readonly stageId: string; readonly mode: 'text' | 'tools'; readonly toolIds: readonly string[] }
  | { readonly type: 'text-delta'; readonly stageId: string; readonly text: string }
  | {
      readonly type: 'tool-call-delta';
      readonly stageId: string;
      readonly callId: string;
      readonly toolId: string;
      readonly argsDelta: string;
    }
  | { readonly type: 'stage-end'; readonly stageId: string; readonly ok: boolean; readonly code?: string | undefined };

/**
 * Receives a model call's events in order, never concurrently; async sinks are awaited. A sink
 * that throws never loses the model result: the failure is recorded, not thrown.
 */
export interface OutputSink {
  write(event: OutputEvent): MaybePromise<void>;
}
