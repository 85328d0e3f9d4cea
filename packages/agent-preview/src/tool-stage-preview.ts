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
 * The last eligible proposal (the usual case: one call streaming after another) updates the view
 * in place; any other change marks the view stale, and {@link refresh} rebuilds it when it is next
 * shown (so interleaved calls cost one rebuild per delivery, not one per delta).
 */
export class ToolStagePreview {
  private readonly proposals = new Map<string, ProposalPreview | null>();
  private readonly order: ProposalPreview[] = [];
  /** The last eligible proposal, attached to the view. */
  private tail: ProposalPreview | undefined;
  // The call of the previous delta: the deltas of one call usually come in a row.
  private lastCallId: string | undefined;
  private lastProposal: ProposalPreview | null = null;
  /** The view must be rebuilt from the proposals before it is shown. */
  private stale = false;
  /** How many bubbles the proposals hold, eligible or not. */
  private bubbleTotal = 0;

  constructor(
    private readonly rulesByTool: ReadonlyMap<string, ReplyPreviewRule>,
    private readonly view: BubbleView,
  ) {}

  /**
   * Reads a piece of one call's arguments; returns true when the shown bubbles may have changed
   * (they did, or the view went stale: see {@link refresh}).
   */
  write(callId: string, toolId: string, argsDelta: string): boolean {
    // A full view never changes again: nothing more need be read.
    if (this.view.full) return false;
    let proposal = this.lastProposal;
    if (callId !== this.lastCallId) {
      proposal = this.proposal(callId, toolId);
      this.lastCallId = callId;
      this.lastProposal = proposal;
    }
    if (proposal === null) return false;
    const before = proposal.bubbles.length;
    const change = proposal.write(argsDelta);
    this.bubbleTotal += proposal.bubbles.length - before;
    if (change === UNCHANGED) return false;
    if (change === SHOWN) return true;
    // Detached, the last proposal reports its next changes as REBUILD too.
    this.tail?.attach(undefined, 0);
    this.tail = undefined;
    this.stale = true;
    return true;
  }

  /** What showing the view costs: its bubbles, or a rebuild over every proposal when it is stale. */
  get cost(): number {
    return this.stale ? this.order.length + this.bubbleTotal : this.view.length;
  }

  /** Brings a stale view up to date with the proposals (O(proposals + bubbles)). */
  refresh(): void {
    if (!this.stale) return;
    this.stale = false;
    this.rebuild();
  }

  /** The proposal of a call, created at its first delta (`null` for a tool not previewed). */
  private proposal(callId: string, toolId: string): ProposalPreview | null {
    let proposal = this.proposals.get(callId);
    if (proposal === undefined) {
      const rule = this.rulesByTool.get(toolId);
      proposal = rule === undefined ? null : new ProposalPreview(rule);
      this.proposals.set(callId, proposal);
      if (proposal !== null) this.order.push(proposal);
    }
    return proposal;
  }

  /** Shows every eligible proposal again, and attaches the last one to the view. */
  private rebuild(): void {
    const all: string[] = [];
    let tail: ProposalPreview | undefined;
    let tailOffset = 0;
    for (const proposal of this.order) {
      if (!proposal.eligible) continue;
      tail = proposal;
      tailOffset = all.length;
      for (const bubble of proposal.bubbles) all.push(bubble);
    }
    this.tail = tail;
    tail?.attach(this.view, tailOffset);
    this.view.replace(all);
  }
}
