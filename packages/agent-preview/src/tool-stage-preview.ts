import type { BubbleView } from './bubble-view.js';
import { createProposalPreview, type ProposalPreview } from './proposal-preview.js';
import type { ReplyPreviewRule } from './reply-preview-rule.js';

/** The preview of a tool stage: the proposals of the previewed tools, in the order their calls began. */
export interface ToolStagePreview {
  /** Reads a piece of one call's arguments; returns true when the shown bubbles changed. */
  write(callId: string, toolId: string, argsDelta: string): boolean;
}

/**
 * Creates the preview of a tool stage, showing in `view` the bubbles of every eligible proposal,
 * proposal by proposal, in stream order within each. `rulesByTool` holds the rule of each
 * previewed tool the stage registered; calls of other tools are ignored. A call is identified by
 * its `callId`; its tool is the one named by its first delta.
 *
 * Growth of the last eligible proposal (the usual case: one call streaming after another) updates
 * the view in place; any other change rebuilds it.
 */
export function createToolStagePreview(rulesByTool: ReadonlyMap<string, ReplyPreviewRule>, view: BubbleView): ToolStagePreview {
  const proposals = new Map<string, ProposalPreview | null>();
  const order: ProposalPreview[] = [];
  let tail: ProposalPreview | undefined;
  let tailOffset = 0;
  // The call of the previous delta: deltas of one call usually come in a row.
  let lastCallId: string | undefined;
  let lastProposal: ProposalPreview | null = null;

  function rebuild(): boolean {
    const all: string[] = [];
    tail = undefined;
    for (const proposal of order) {
      if (!proposal.eligible) continue;
      tail = proposal;
      tailOffset = all.length;
      for (const bubble of proposal.bubbles) all.push(bubble);
    }
    return view.replace(all);
  }

  return {
    write(callId, toolId, argsDelta) {
      let proposal = lastProposal;
      if (callId !== lastCallId) {
        let known = proposals.get(callId);
        if (known === undefined) {
          const rule = rulesByTool.get(toolId);
          known = rule === undefined ? null : createProposalPreview(rule);
          proposals.set(callId, known);
          if (known !== null) order.push(known);
        }
        proposal = known;
        lastCallId = callId;
        lastProposal = known;
      }
      if (proposal === null) return false;
      const from = proposal.write(argsDelta);
      if (from === -1) return false;
      if (from < 0 || proposal !== tail) return rebuild();
      const { bubbles } = proposal;
      let changed = false;
      for (let index = from; index < bubbles.length; index++) {
        if (view.set(tailOffset + index, bubbles[index] ?? '')) changed = true;
      }
      return changed;
    },
  };
}
