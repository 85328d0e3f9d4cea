import type { SubFlowLog, ToolProposal } from '@jangts/agent-core/types';
import type { StoryScreen } from '../terminal/story-screen.js';
import type { ReplyArguments } from './reply-tool.js';
import { SUPPORT_TICKET } from './support-ticket.js';

/**
 * The App decides what the turn's final proposal becomes. Here: a `reply` of kind "reply" is sent
 * to the customer (without the internal note); a handoff, or no reply at all, goes to a person.
 * The decision is recorded in the trace, where the reflection can find it.
 */
export function decideOnReply(screen: StoryScreen, log: SubFlowLog, proposals: readonly ToolProposal[]): void {
  const proposal = proposals.find((candidate) => candidate.toolId === 'reply');
  if (proposal === undefined) {
    screen.line('   App decision: no reply was proposed, so the ticket goes to a person');
    log.record('ticket.handoff', { ticketId: SUPPORT_TICKET.id, reason: 'no-proposal' });
    return;
  }
  // The turn validated the arguments against REPLY_TOOL's schema, so this cast is checked.
  const args = proposal.args as ReplyArguments;
  if (args.kind !== 'reply') {
    screen.line('   App decision: the model asks for a handoff, so the ticket goes to a person');
    log.record('ticket.handoff', { ticketId: SUPPORT_TICKET.id, reason: 'model-handoff', callId: proposal.callId });
    return;
  }
  const chars = args.answer.length + args.bubbles.reduce((sum, bubble) => sum + bubble.length, 0);
  screen.line(`   App decision: kind is "reply", so the answer and ${args.bubbles.length} bubble(s) are sent (${chars} chars); the internal note stays with the team`);
  log.record('reply.sent', { ticketId: SUPPORT_TICKET.id, callId: proposal.callId, bubbles: args.bubbles.length, chars });
}
