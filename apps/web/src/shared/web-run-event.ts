import type { ReflectionReport } from '@jangts/agent-reflection';
import type { LogRecord } from '@jangts/agent-types';

/** A trace record as the page lists it: the record, and the evidence id a citation of it names. */
export interface TraceRecordView {
  readonly evidenceId: string;
  readonly record: LogRecord;
}

/**
 * One Server-Sent Event of a run (`event:` is its `type`, `data:` the JSON of the whole event), in
 * the order the server sends them: `run`, any number of `bubbles`, `stage`, `decision`, `trace`,
 * `report`, then `end`. A run that fails outside the reply stage sends `failure` and then `end`.
 */
export type WebRunEvent =
  | { readonly type: 'run'; readonly traceId: string; readonly provider: string; readonly injectFailure: boolean }
  /** The preview's sink was called: the complete current list of bubbles (`[]`: withdrawn). */
  | { readonly type: 'bubbles'; readonly bubbles: readonly string[] }
  | { readonly type: 'stage'; readonly ok: true; readonly proposals: number }
  | { readonly type: 'stage'; readonly ok: false; readonly code: string; readonly message: string }
  /** What the App did with the stage's outcome. */
  | { readonly type: 'decision'; readonly outcome: 'sent' | 'handoff'; readonly text: string }
  | { readonly type: 'trace'; readonly records: readonly TraceRecordView[] }
  | { readonly type: 'report'; readonly report: ReflectionReport }
  | { readonly type: 'failure'; readonly code: string; readonly message: string }
  | { readonly type: 'end' };

/** The names of {@link WebRunEvent}s, for the page's listeners. */
export const WEB_RUN_EVENT_TYPES = ['run', 'bubbles', 'stage', 'decision', 'trace', 'report', 'failure', 'end'] as const satisfies readonly WebRunEvent['type'][];
