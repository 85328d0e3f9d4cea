import type { MaybePromise, OutputEvent, OutputSink } from '@jangts/agent-types';
import { NO_CHANGE } from './bubble-view.js';
import { coalescingSchedule } from './coalescing-schedule.js';
import { openStage, type ActiveStage } from './open-stage.js';
import { readOutputEvent, type OutputEventHandler } from './read-output-event.js';
import { parseReplyPreviewOptions, type ReplyPreviewOptions } from './reply-preview-options.js';
import type { ReplyPreviewRule } from './reply-preview-rule.js';
import { SinkDelivery } from './sink-delivery.js';

/** The output sink returned by {@link createReplyPreview}. */
export interface ReplyPreview extends OutputSink {
  /**
   * Takes the next output event of a model call. Returns `undefined` — no promise is made — when
   * the event called no sink or a synchronous one, so `ModelRunner` (which awaits only a returned
   * promise) stays on its synchronous path; a synchronous sink's throw is thrown. Otherwise
   * returns a promise that settles once the async sink call carrying this event's change has
   * settled, rejecting with the sink's own failure. With `coalesce`, a delta returns nothing and
   * calls no sink (a scheduled call's failure is thrown by the next write). Malformed tool
   * arguments never make it fail. A `stage-end` settles once every sink call of the stage has
   * settled. It is bound to the preview: `const { write } = preview` works too.
   *
   * @throws AgentCoreError `INPUT_INVALID` when `event` is not an `OutputEvent`.
   */
  readonly write: (event: OutputEvent) => MaybePromise<void>;
  /**
   * The current bubbles, a copy at each read (with `live: true`, the stage's live list itself, the
   * array the sink is handed): `[]` from a stage-start until the stage shows something, and a
   * failed stage's `[]` after it. With
   * `coalesce`, or while an async sink call is in flight, it may be ahead of what the sink was
   * handed last; a rebuild of a stage of interleaved calls held back until it is paid for (see
   * {@link createReplyPreview}) is not in it until it is made. O(bubbles), O(1) when `live`.
   */
  readonly bubbles: readonly string[];
}

const NO_BUBBLES: readonly string[] = Object.freeze([]);

/**
 * A rebuild of a stale tool stage's list (a change in a call other than the last one shown)
 * costing at most this many proposals and bubbles is made at once.
 */
const FREE_REBUILD = 64;
/**
 * Beyond {@link FREE_REBUILD}, each character of output pays for this many proposals and bubbles
 * walked by a rebuild: a rebuild of cost `c` is made once `c / REBUILD_PER_CHAR` characters have
 * streamed since the last one, else held for a later delta (or the stage's end). Rebuilding at
 * every delta of interleaved calls would make a stage of many calls quadratic; this keeps the
 * preview linear in the streamed length.
 */
const REBUILD_PER_CHAR = 8;

/**
 * Creates an output sink for `ModelRunner` that shows the reply while it streams, as transient
 * bubbles handed to `sink`.
 *
 * Matching happens at each `stage-start`: a rule's `stageId` restricts it to that stage; a rule
 * without `toolId` matches only a plain-text stage, whose one bubble is the text so far; a rule
 * with `toolId` matches only calls of that tool in a stage that registered it, and its bubbles are
 * the string values at its paths, read incrementally from the streamed JSON arguments, partial
 * strings included as they grow. Bubbles follow stream order, proposal by proposal. `maxChars`
 * caps their total length (that grouped list is cut: a proposal before the cut that grows later
 * moves the cut earlier).
 *
 * The sink is handed the stage's live list (no copy) and the index of the first bubble that
 * changed since its previous call; it is called only when the bubbles change — never with a list
 * equal to the one it holds, even across stages — never concurrently, and in output order. A
 * synchronous sink is called inside each write that changed the bubbles; an async one once per
 * batch (the changes made while its previous call was in flight); with `coalesce`, at most once
 * per animation frame or interval. A stage that ends with an error withdraws the transient body
 * with one call `[]` (made even when the stage showed nothing; for a stage no rule matched, made
 * when an earlier stage's bubbles are still on screen). Malformed arguments stop that proposal's
 * preview quietly. The cost is linear in the streamed length: a delta that grows the last
 * proposal updates the list in place; a change in an earlier call rebuilds the list, at most as
 * often as the streamed characters pay for (8 proposals or bubbles per character, beyond 64).
 *
 * The options are read once ({@link ReplyPreviewOptionsSchema}), into a copy: changing the
 * caller's objects later has no effect.
 *
 * @throws AgentCoreError `CONFIG_INVALID` naming the field (`rules[1].paths[0][2]`) when the
 * options are invalid: no rules, an unknown field, an empty id, an empty path or segment, `*`
 * other than as a whole segment, `paths`/`when` without `toolId`, an empty `when.path` or
 * `when.values`, a rule shadowed by an earlier one, a sink that is not a function, a `maxChars`
 * that is not a positive safe integer, or a `coalesce` that is neither `'frame'` nor
 * `{ intervalMs }`.
 */
export function createReplyPreview(options: ReplyPreviewOptions): ReplyPreview {
  const { rules, sink, maxChars, coalesce, live = false } = parseReplyPreviewOptions(options);
  const preview = new ReplyPreviewState(rules, maxChars ?? Number.POSITIVE_INFINITY, new SinkDelivery(sink, coalescingSchedule(coalesce), live));
  return {
    write: (event) => readOutputEvent(event, preview),
    get bubbles() {
      return live ? preview.bubbles : preview.bubbles.slice();
    },
  };
}

/** What a {@link ReplyPreview} knows and shows: the events' handler. */
class ReplyPreviewState implements OutputEventHandler<MaybePromise<void>> {
  #stage: ActiveStage | undefined;
  /** The stage started last, previewed or not, until it ends. */
  #openStageId: string | undefined;
  /** The current bubbles: the open stage's live list once it showed something. */
  bubbles = NO_BUBBLES;
  /** A change of a stale tool stage waits for its rebuild to be paid for. */
  #held = false;
  /** Proposals and bubbles a rebuild may walk, paid for by the output read since the last rebuild. */
  #credit = 0;

  readonly #rules: readonly ReplyPreviewRule[];
  readonly #maxChars: number;
  readonly #delivery: SinkDelivery;

  constructor(rules: readonly ReplyPreviewRule[], maxChars: number, delivery: SinkDelivery) {
    this.#rules = rules;
    this.#maxChars = maxChars;
    this.#delivery = delivery;
  }

  toolCallDelta(stageId: string, callId: string, toolId: string, argsDelta: string): MaybePromise<void> {
    const stage = this.#stage;
    if (stage?.tools === undefined || stageId !== stage.stageId) return undefined;
    return this.#read(stage, argsDelta.length, stage.tools.write(callId, toolId, argsDelta));
  }

  textDelta(stageId: string, text: string): MaybePromise<void> {
    const stage = this.#stage;
    if (stage?.text === undefined || stageId !== stage.stageId) return undefined;
    return this.#read(stage, text.length, stage.text.write(text));
  }

  stageStart(stageId: string, mode: 'text' | 'tools', toolIds: readonly string[]): undefined {
    this.#stage = openStage(this.#rules, stageId, mode, toolIds, this.#maxChars);
    this.#openStageId = stageId;
    this.bubbles = NO_BUBBLES;
    this.#credit = 0;
    this.#held = false;
    return undefined;
  }

  stageEnd(stageId: string, ok: boolean): MaybePromise<void> {
    if (stageId !== this.#openStageId) return undefined;
    const stage = this.#stage;
    this.#openStageId = undefined;
    this.#stage = undefined;
    this.#held = false;
    if (!ok) {
      // One call, even when this previewed stage showed nothing, or when no rule matched it but
      // an earlier stage's bubbles are still on screen: a failed stage leaves nothing.
      if (stage === undefined && this.#delivery.latest.length === 0) return undefined;
      const withdrawn: readonly string[] = [];
      this.bubbles = withdrawn;
      return this.#delivery.withdraw(withdrawn);
    }
    if (stage === undefined) return undefined;
    stage.text?.end();
    // A change held back is handed over now; else the stage ends once its sink calls settle.
    return this.#show(stage) ?? this.#delivery.end();
  }

  /**
   * `inputChars` more characters of the stage's output were read, and its bubbles may have
   * changed (`changed`): shows them, unless the view is stale and its rebuild not yet paid for
   * (see {@link REBUILD_PER_CHAR}). Every character read pays, whether it changed a bubble or not,
   * so a change held back goes out as soon as enough output has streamed.
   */
  #read(stage: ActiveStage, inputChars: number, changed: boolean): MaybePromise<void> {
    this.#credit += inputChars * REBUILD_PER_CHAR;
    if (!changed && !this.#held) return undefined;
    const tools = stage.tools;
    if (tools !== undefined && tools.stale) {
      const cost = tools.rebuildCost;
      if (cost > FREE_REBUILD && this.#credit < cost) {
        this.#held = true;
        return undefined;
      }
    }
    return this.#show(stage);
  }

  /** Hands the sink the stage's live list if it changed (rebuilding a stale one first). */
  #show(stage: ActiveStage): MaybePromise<void> {
    this.#held = false;
    const tools = stage.tools;
    if (tools !== undefined && tools.stale) {
      this.#credit = 0;
      tools.refresh();
    }
    const from = stage.view.takeChange();
    if (from === NO_CHANGE) return undefined;
    this.bubbles = stage.view.items;
    return this.#delivery.update(stage.view.items, from);
  }
}
