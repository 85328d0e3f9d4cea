import type { MaybePromise, OutputEvent, OutputSink } from '@jangts/agent-types';
import { openStage, type ActiveStage } from './open-stage.js';
import { readOutputEvent, type OutputEventHandler } from './read-output-event.js';
import { parseReplyPreviewOptions, type ReplyPreviewOptions, type ReplyPreviewSink } from './reply-preview-options.js';
import type { ReplyPreviewRule } from './reply-preview-rule.js';
import { SerialDelivery } from './serial-delivery.js';

/** The output sink returned by {@link createReplyPreview}. */
export interface ReplyPreview extends OutputSink {
  /**
   * Takes the next output event of a model call. Returns `undefined` — no promise is made — when
   * the event called no sink or a synchronous one, so `ModelRunner` (which awaits only a returned
   * promise) stays on its synchronous path; a synchronous sink's throw is thrown. Otherwise
   * returns a promise that settles once the async sink call carrying this event's change has
   * settled, rejecting with the sink's own failure. Malformed tool arguments never make it fail.
   * A `stage-end` settles once every sink call of the stage has settled. It is bound to the
   * preview: `const { write } = preview` works too.
   *
   * @throws AgentCoreError `INPUT_INVALID` when `event` is not an `OutputEvent`.
   */
  readonly write: (event: OutputEvent) => MaybePromise<void>;
  /**
   * The current bubbles: the list last handed to the sink (the same array), or the latest one waiting for an
   * async call in flight (`[]` at the start of a stage, until the stage shows something; a stage
   * showing the list the sink already has makes no call, and this is then that list). A change of
   * a long list held back until it is paid for (see {@link createReplyPreview}) is not in it until
   * it is handed over. O(1).
   */
  readonly bubbles: readonly string[];
}

const NO_BUBBLES: readonly string[] = Object.freeze([]);

/**
 * Every change of a stage showing at most this many bubbles (and, for a stale tool stage, with at
 * most this many proposals and bubbles to rebuild from) is handed to the sink at once: its cost is
 * bounded.
 */
const FREE_BUBBLES = 64;
/**
 * Beyond {@link FREE_BUBBLES}, each character of output pays for this many bubble copies: a change
 * of `n` bubbles is handed over once `n / COPIES_PER_CHAR` characters have streamed since the last
 * sink call, else held for the next one (or the stage's end). Copying the whole list for every
 * delta would make a reply of many short bubbles quadratic; this keeps the preview linear in the
 * streamed length.
 */
const COPIES_PER_CHAR = 8;

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
 * moves the cut earlier). The sink is called only when the bubbles change — never with a list
 * equal to the one it was handed last, even across stages — and never concurrently. Each call
 * copies the list, so to keep the cost linear in the streamed length a stage showing more than 64
 * bubbles hands a change over only once the output read since the last call has paid for its copy
 * (8 bubbles per character); a change held back goes with the next one, or at the stage's end. A
 * stage that ends with an error withdraws the transient body with one call `[]`
 * (made even when the stage showed nothing; for a stage no rule matched, made when an earlier
 * stage's bubbles are still on screen).
 * Malformed arguments stop that proposal's preview quietly.
 *
 * The options are read once ({@link ReplyPreviewOptionsSchema}), into a copy: changing the
 * caller's objects later has no effect.
 *
 * @throws AgentCoreError `CONFIG_INVALID` naming the field (`rules[1].paths[0][2]`) when the
 * options are invalid: no rules, an unknown field, an empty id, an empty path or segment, `*`
 * other than as a whole segment, `paths`/`when` without `toolId`, an empty `when.path` or
 * `when.values`, a rule shadowed by an earlier one, a sink that is not a function, or a
 * `maxChars` that is not a positive safe integer.
 */
export function createReplyPreview(options: ReplyPreviewOptions): ReplyPreview {
  const { rules, sink, maxChars } = parseReplyPreviewOptions(options);
  const preview = new ReplyPreviewState(rules, sink, maxChars ?? Number.POSITIVE_INFINITY);
  return {
    write: (event) => readOutputEvent(event, preview),
    get bubbles() {
      return preview.bubbles;
    },
  };
}

/** What a {@link ReplyPreview} knows and shows: the events' handler. */
class ReplyPreviewState implements OutputEventHandler<MaybePromise<void>> {
  private readonly delivery: SerialDelivery;
  private stage: ActiveStage | undefined;
  /** The stage started last, previewed or not, until it ends. */
  private openStageId: string | undefined;
  private shown = NO_BUBBLES;
  /** The list last given to the delivery: what the sink was handed last, or will be next (not reset when a stage starts). */
  private delivered = NO_BUBBLES;
  /** A change of the stage's bubbles waits for its copy to be paid for. */
  private held = false;
  /** The open stage handed a list to the delivery already. */
  private shownInStage = false;
  /** Bubble copies paid for by the output read since the list was last shown. */
  private credit = 0;

  constructor(
    private readonly rules: readonly ReplyPreviewRule[],
    sink: ReplyPreviewSink,
    private readonly maxChars: number,
  ) {
    this.delivery = new SerialDelivery(sink);
  }

  get bubbles(): readonly string[] {
    return this.shown;
  }

  toolCallDelta(stageId: string, callId: string, toolId: string, argsDelta: string): MaybePromise<void> {
    const stage = this.stage;
    if (stage?.tools === undefined || stageId !== stage.stageId) return undefined;
    return this.read(stage, argsDelta.length, stage.tools.write(callId, toolId, argsDelta));
  }

  textDelta(stageId: string, text: string): MaybePromise<void> {
    const stage = this.stage;
    if (stage?.text === undefined || stageId !== stage.stageId) return undefined;
    return this.read(stage, text.length, stage.text.write(text));
  }

  stageStart(stageId: string, mode: 'text' | 'tools', toolIds: readonly string[]): undefined {
    this.stage = openStage(this.rules, stageId, mode, toolIds, this.maxChars);
    this.openStageId = stageId;
    this.shown = NO_BUBBLES;
    this.credit = 0;
    this.held = false;
    this.shownInStage = false;
    return undefined;
  }

  stageEnd(stageId: string, ok: boolean): MaybePromise<void> {
    if (stageId !== this.openStageId) return undefined;
    const stage = this.stage;
    this.openStageId = undefined;
    this.stage = undefined;
    this.held = false;
    if (!ok && (stage !== undefined || this.delivered.length > 0)) {
      // One call, even when this previewed stage showed nothing, or when no rule matched it
      // but an earlier stage's bubbles are still on screen: a failed stage leaves nothing.
      const withdrawn: readonly string[] = [];
      this.shown = withdrawn;
      this.delivered = withdrawn;
      // The one list that may repeat the one handed last.
      return this.delivery.deliver(withdrawn, 'withdrawal');
    }
    if (stage === undefined) return undefined;
    stage.text?.end();
    // A change held back is delivered now; else the stage ends once its sink calls settle.
    return this.show(stage) ?? this.delivery.settled();
  }

  /**
   * `inputChars` more characters of the stage's output were read, and its bubbles may have
   * changed (`changed`): shows them now, unless the copy of a long list is not yet paid for (see
   * {@link COPIES_PER_CHAR}). Every character read pays, whether it changed a bubble or not, so a
   * change held back goes out as soon as enough output has streamed.
   */
  private read(stage: ActiveStage, inputChars: number, changed: boolean): MaybePromise<void> {
    this.credit += inputChars * COPIES_PER_CHAR;
    if (!changed && !this.held) return undefined;
    const cost = stage.tools?.cost ?? stage.view.length;
    if (cost > FREE_BUBBLES && this.credit < cost) {
      this.held = true;
      return undefined;
    }
    return this.show(stage);
  }

  /**
   * Hands the sink a fresh copy of the stage's bubbles if they changed since they were last shown
   * and differ from the list the sink was handed last (a new stage may show the same list).
   */
  private show(stage: ActiveStage): MaybePromise<void> {
    this.credit = 0;
    this.held = false;
    stage.tools?.refresh();
    if (!stage.view.takeChange()) return undefined;
    const bubbles = stage.view.snapshot();
    this.shown = bubbles;
    this.delivered = bubbles;
    // The stage's first list may equal the one an earlier stage left on screen; every later one
    // differs from it, bubbles only growing (so it is not compared, see DeliveryKind).
    const kind = this.shownInStage ? 'changed' : 'unknown';
    this.shownInStage = true;
    return this.delivery.deliver(bubbles, kind);
  }
}
