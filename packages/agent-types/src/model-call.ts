import type { AssembledInput } from './assembled-input.js';
import type { Conversation } from './conversation.js';
import type { ModelMessage } from './model-message.js';
import type { OperationContext } from './operation-context.js';
import type { OutputSink } from './output-sink.js';
import type { ModelUsage } from './provider.js';
import type { StageValue } from './stage-value.js';
import type { ToolProposalOf } from './tool-proposal-of.js';
import type { ToolSpec } from './tool-spec.js';

/**
 * One model call: the input, the stage, its tools (none: a plain-text stage), signal, context and
 * its own output sink. `TTools` is the type of the stage's tools, so the result's `value` and
 * `proposals` follow them.
 */
export interface InvokeRequest<App = unknown, TTools extends readonly ToolSpec[] = readonly ToolSpec[]> {
  /**
   * A non-empty string (one user message), an assembled input, a conversation (a checked context
   * and its history), or a non-empty message list without `system` messages (the system slot is
   * filled only from checked fragments: a `system` message in a list is `TRUST_VIOLATION`).
   */
  readonly input: string | AssembledInput | Conversation | readonly ModelMessage[];
  /** Stage id, reported in events and logs and matched by preview rules. */
  readonly stageId: string;
  /** The stage's tools; omitted or empty makes a plain-text stage. */
  readonly tools?: TTools | undefined;
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

/**
 * What a model call produced. `TTools` is the type of the stage's tools: with none (`readonly []`)
 * `value` is the text, with a non-empty tuple it is the proposals, typed by each tool's schema
 * ({@link StageValue}, {@link ToolProposalOf}); with the default (any list) it is either.
 */
export interface ModelResult<TTools extends readonly ToolSpec[] = readonly ToolSpec[]> {
  readonly stageId: string;
  /** The text of a plain-text stage, the validated proposals of a tool stage. */
  readonly value: StageValue<TTools>;
  /** All text the model streamed. */
  readonly text: string;
  /** Validated tool proposals (empty for a plain-text stage). */
  readonly proposals: readonly ToolProposalOf<TTools>[];
  /** Why the model stopped (`stop`, `tool-calls`, `length`, `content-filter`, `other`). */
  readonly finishReason: string;
  /** Token usage, when the provider reported it. */
  readonly usage?: ModelUsage | undefined;
}
