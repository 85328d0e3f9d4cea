import type { MaybePromise, OutputEvent, OutputSink } from '@jangts/agent-types';
import { assertOutputEvent } from './assert-output-event.js';
import { openStage, type ActiveStage } from './open-stage.js';
import type { ReplyPreviewRule } from './reply-preview-rule.js';
import { createSerialDelivery } from './serial-delivery.js';
import { validateReplyPreviewOptions } from './validate-reply-preview-options.js';

/**
 * Receives the transient bubbles to show: the complete list each time it changes. It may be
 * async; it is never called concurrently.
 */
export type ReplyPreviewSink = (bubbles: readonly string[]) => MaybePromise<void>;

/** Options of {@link createReplyPreview}. */
export interface ReplyPreviewOptions {
  /** The projection rules, at least one; the first rule matching a stage (or a tool of it) applies. */
  readonly rules: readonly ReplyPreviewRule[];
  /** Receives the bubbles whenever they change. */
  readonly sink: ReplyPreviewSink;
  /** Cap on the total characters (UTF-16 code units) across the bubbles of a stage: a positive safe integer. */
  readonly maxChars?: number;
}

/** The output sink returned by {@link createReplyPreview}. */
export interface ReplyPreview extends OutputSink {
  /**
   * Takes the next output event of a model call. Resolves (or returns, when the sink is
   * synchronous) once the sink call this event caused has settled, and rejects or throws with the
   * sink's own failure; malformed tool arguments never make it fail. A `stage-end` resolves once
   * every sink call of the stage has settled.
   *
   * @throws AgentCoreError `INPUT_INVALID` when `event` is not an `OutputEvent`.
   */
  write(event: OutputEvent): MaybePromise<void>;
  /** The bubbles last handed to the sink (`[]` at the start of a stage). */
  readonly bubbles: readonly string[];
}

const NO_BUBBLES: readonly string[] = Object.freeze([]);

function freezeRule(rule: ReplyPreviewRule): ReplyPreviewRule {
  return Object.freeze({
    ...(rule.toolId === undefined ? {} : { toolId: rule.toolId }),
    ...(rule.stageId === undefined ? {} : { stageId: rule.stageId }),
    ...(rule.paths === undefined ? {} : { paths: rule.paths.map((path) => Object.freeze([...path])) }),
    ...(rule.when === undefined ? {} : { when: { path: Object.freeze([...rule.when.path]), values: Object.freeze([...rule.when.values]) } }),
  });
}

/**
 * Creates an output sink for `ModelRunner` that shows the reply while it streams, as transient
 * bubbles handed to `sink`.
 *
 * Matching happens at each `stage-start`: a rule's `stageId` restricts it to that stage; a rule
 * without `toolId` matches only a plain-text stage, whose one bubble is the text so far; a rule
 * with `toolId` matches only calls of that tool in a stage that registered it, and its bubbles are
 * the string values at its paths, read incrementally from the streamed JSON arguments, partial
 * strings included as they grow. Bubbles follow stream order, proposal by proposal. `maxChars`
 * caps their total length. The sink is called only when the bubbles change and never
 * concurrently; a stage that ends with an error withdraws what it showed with one call `[]`.
 * Malformed arguments stop that proposal's preview quietly.
 *
 * @throws AgentCoreError `CONFIG_INVALID` naming the option (and the rule index and field) when
 * the options are invalid: no rules, an unknown field, an empty id, an empty path or segment, `*`
 * other than as a whole segment, `paths`/`when` without `toolId`, an empty `when.path` or
 * `when.values`, a rule shadowed by an earlier one, a sink that is not a function, or a
 * `maxChars` that is not a positive safe integer.
 */
export function createReplyPreview(options: ReplyPreviewOptions): ReplyPreview {
  validateReplyPreviewOptions(options);
  const rules = Object.freeze(options.rules.map(freezeRule));
  const maxChars = options.maxChars ?? Number.POSITIVE_INFINITY;
  const delivery = createSerialDelivery(options.sink);
  let stage: ActiveStage | undefined;
  let shown = NO_BUBBLES;

  function show(current: ActiveStage): MaybePromise<void> {
    shown = current.view.snapshot();
    return delivery.deliver(shown);
  }

  return {
    get bubbles() {
      return shown;
    },
    write(event) {
      assertOutputEvent(event);
      switch (event.type) {
        case 'stage-start':
          stage = openStage(rules, event, maxChars);
          shown = NO_BUBBLES;
          return undefined;
        case 'text-delta':
          if (stage?.text === undefined || event.stageId !== stage.stageId) return undefined;
          return stage.text.write(event.text) ? show(stage) : undefined;
        case 'tool-call-delta':
          if (stage?.tools === undefined || event.stageId !== stage.stageId) return undefined;
          return stage.tools.write(event.callId, event.toolId, event.argsDelta) ? show(stage) : undefined;
        case 'stage-end': {
          const ended = stage;
          if (ended === undefined || event.stageId !== ended.stageId) return undefined;
          stage = undefined;
          if (!event.ok) {
            if (shown.length === 0) return delivery.settled();
            shown = NO_BUBBLES;
            return delivery.deliver(shown);
          }
          return ended.text?.end() === true ? show(ended) : delivery.settled();
        }
        default:
          return undefined;
      }
    },
  };
}
