import type { BubbleView } from './bubble-view.js';
import { ProposalPreview, SHOWN, UNCHANGED } from './proposal-preview.js';
import type { ReplyPreviewRule } from './reply-preview-rule.js';

/**
 * The preview of a tool stage, showing in `view` the bubbles of every eligible proposal of the
 * previewed tools, proposal by proposal in the order their calls began, in stream order within
 * each. `rulesByTool` holds the rule of each previewed tool the stage registered; calls of other
 * tools are ignored. A call is identified by its `callId`; its tool is the one named by its first
 * delta.
 *
 * The last eligible proposal (the usual case: one call streaming after another, each new call
 * appended) updates the view in place; any other change marks the view stale, and {@link refresh} rebuilds it when it is next
 * shown (so interleaved calls cost one rebuild per delivery, not one per delta).
 *
 * Once the budget is used up, the proposal holding the cut and every one after it (calls that
 * begin later included) can no longer change what is shown — proposals only grow, so the cut only
 * moves earlier — and are no longer read. An earlier proposal is still read: its growth, a new
 * bubble or its becoming eligible moves the cut earlier.
 */
export class ToolStagePreview {
  /** Call id → index of its proposal in {@link order} (-1: a tool not previewed, or a call begun after the cut). */
  readonly #proposals = new Map<string, number>();
  readonly #order: ProposalPreview[] = [];
  /** The last eligible proposal, attached to the view, and its index in {@link order}. */
  #tail: ProposalPreview | undefined;
  #tailIndex = -1;
  // The call of the previous delta: the deltas of one call usually come in a row.
  #lastCallId: string | undefined;
  #lastIndex = -1;
  /** The index of the proposal holding the cut once the budget is used up (`Infinity` before). */
  #cutAt = Number.POSITIVE_INFINITY;
  /** The view must be rebuilt from the proposals before it is shown. */
  #isStale = false;
  /** How many bubbles the proposals hold, eligible or not. */
  #bubbleTotal = 0;

  readonly #rulesByTool: ReadonlyMap<string, ReplyPreviewRule>;
  readonly #view: BubbleView;

  constructor(rulesByTool: ReadonlyMap<string, ReplyPreviewRule>, view: BubbleView) {
    this.#rulesByTool = rulesByTool;
    this.#view = view;
  }

  /**
   * Reads a piece of one call's arguments; returns true when the shown bubbles may have changed
   * (they did, or the view went stale: see {@link refresh}).
   */
  write(callId: string, toolId: string, argsDelta: string): boolean {
    let index = this.#lastIndex;
    if (callId !== this.#lastCallId) {
      index = this.#indexOf(callId, toolId);
      this.#lastCallId = callId;
      this.#lastIndex = index;
    }
    // At or after the cut nothing read can change what is shown.
    if (index < 0 || index >= this.#cutAt) return false;
    const proposal = this.#order[index] as ProposalPreview;
    const before = proposal.bubbles.length;
    const change = proposal.write(argsDelta);
    this.#bubbleTotal += proposal.bubbles.length - before;
    if (change === UNCHANGED) return false;
    if (change === SHOWN) {
      // Shown in place by the last proposal: if that used the budget up, the cut is in it.
      if (this.#view.full) this.#cutAt = this.#tailIndex;
      return true;
    }
    // Detached, the last proposal reports its next changes as REBUILD too.
    this.#tail?.attach(undefined, 0);
    this.#tail = undefined;
    this.#tailIndex = -1;
    this.#isStale = true;
    return true;
  }

  /** Whether the view must be rebuilt from the proposals before it is shown ({@link refresh}). */
  get stale(): boolean {
    return this.#isStale;
  }

  /** What a rebuild costs: every proposal and every bubble they hold. */
  get rebuildCost(): number {
    return this.#order.length + this.#bubbleTotal;
  }

  /** Brings a stale view up to date with the proposals (O(proposals + bubbles)). */
  refresh(): void {
    if (!this.#isStale) return;
    this.#isStale = false;
    this.rebuild();
  }

  /** The index of a call's proposal, created at its first delta (-1 for a tool not previewed or a call begun after the cut). */
  #indexOf(callId: string, toolId: string): number {
    let index = this.#proposals.get(callId);
    if (index === undefined) {
      const rule = this.#rulesByTool.get(toolId);
      // A call begun after the cut comes after it for good: it is never read, so never made.
      if (rule === undefined || this.#order.length >= this.#cutAt) {
        index = -1;
      } else {
        index = this.#order.length;
        const proposal = new ProposalPreview(rule);
        this.#order.push(proposal);
        // The usual case, one call after another: a new call shown at once (no `when`) becomes
        // the last one shown, its bubbles appended in place, with no rebuild.
        if (proposal.eligible && !this.#isStale) {
          this.#tail?.attach(undefined, 0);
          this.#tail = proposal;
          this.#tailIndex = index;
          proposal.attach(this.#view, this.#view.items.length);
        }
      }
      this.#proposals.set(callId, index);
    }
    return index;
  }

  /**
   * Shows every eligible proposal again, up to the one whose bubbles use the budget up (which
   * then holds the cut), and attaches the last one shown to the view. (A TypeScript `private`,
   * not a `#` one, so that a test can count the rebuilds.)
   */
  private rebuild(): void {
    const budget = this.#view.maxChars;
    const all: string[] = [];
    let chars = 0;
    let tail: ProposalPreview | undefined;
    let tailIndex = -1;
    let tailOffset = 0;
    this.#cutAt = Number.POSITIVE_INFINITY;
    proposals: for (let index = 0; index < this.#order.length; index++) {
      const proposal = this.#order[index] as ProposalPreview;
      if (!proposal.eligible) continue;
      tail = proposal;
      tailIndex = index;
      tailOffset = all.length;
      for (const bubble of proposal.bubbles) {
        all.push(bubble);
        chars += bubble.length;
        if (chars >= budget) {
          // The view cuts this bubble (or it ends exactly at the budget): later ones are dropped.
          this.#cutAt = index;
          break proposals;
        }
      }
    }
    this.#tail = tail;
    this.#tailIndex = tailIndex;
    tail?.attach(this.#view, tailOffset);
    this.#view.replace(all);
  }
}
