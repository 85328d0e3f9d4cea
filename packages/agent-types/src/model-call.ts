import type { AssembledInput } from './assembled-input.js';
import type { Conversation } from './conversation.js';
import type { ModelMessage, ToolProposal } from './model-message.js';
import type { OperationContext } from './operation-context.js';
import type { OutputSink } from './output-sink.js';
import type { ModelUsage } from './provider.js';
import type { ToolSpec } from './tool-spec.js';

/** One model call: the input, the stage, its tools (none: a plain-text stage), signal, context and its own output sink. */
export interface InvokeRequest<App = unknown> {
  /**
   * A non-empty string (one user message), an assembled input, a conversation (a checked context
   * and its history), or a non-empty message list without `system` messages (the system slot is
   * filled only from checked fragments: a `system` message in a list is `TRUST_VIOLATION`).
   */
  readonly input: string | AssembledInput | Conversation | readonly ModelMessage[];
  /** Stage id, reported in events and logs and matched by preview rules. */
  readonly stageId: string;
  /** The stage's tools; omitted or empty makes a plain-text stage. */
  readonly tools?: readonly ToolSpec[] | undefined;
  /** Aborts the call with `ABORTED`. */
  readonly signal?: AbortSignal | undefined;
  /** The App's context: its logger receives start/end records; its signal also aborts. */
  readonly context?: OperationContext<App> | undefined;
  /**
   * This call's own output sink: `output` receives the call's events after the runner's sink,
   * in order, awaited like it, and detached alone when it fails (`SINK_FAILED`, a warning).
   */
  readonly sink?: { readonly output?: OutputSink | undefined } | undefined;
}

/** What a model call produced. */
export interface ModelResult {
  readonly stageId: string;
  /** The text of a plain-text stage, the validated proposals of a tool stage. */
  readonly value: string | readonly ToolProposal[];
  /** All text the model streamed. */
  readonly text: string;
  /** Validated tool proposals (empty for a plain-text stage). */
  readonly proposals: readonly ToolProposal[];
  /** Why the model stopped (`stop`, `tool-calls`, `length`, `content-filter`, `other`). */
  readonly finishReason: string;
  /** Token usage, when the provider reported it. */
  readonly usage?: ModelUsage | undefined;
}
