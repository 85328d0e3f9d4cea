import { assembleFragments } from '@jangts/agent-context';
import type { AssembledInput } from '@jangts/agent-types';
import { SUPPORT_TICKET } from './support-ticket.js';

/** Budget of the reply stage's whole input, in characters. */
export const MAX_INPUT_CHARS = 3000;

/**
 * The reply stage's model input, assembled from fragments that each declare source, trust and
 * budget: the instructions in the system slot, the account, the status lookup and the
 * customer's question in the user message.
 */
export function supportInput(): AssembledInput {
  return assembleFragments(
    [
      {
        id: 'instructions',
        sourceId: 'app.prompt',
        trust: 'system',
        lifetime: 'static',
        maxChars: 600,
        role: 'system',
        value:
          'You are the support assistant of Nimbus Hosting. Answer only through the `reply` tool. ' +
          'Set kind to "reply" when the facts below answer the customer, or to "handoff" when a person must decide. ' +
          `Put the direct answer in \`answer\` (one sentence) and the details in up to three short \`bubbles\`. Link ${SUPPORT_TICKET.statusPage} for an incident.`,
      },
      { id: 'account', sourceId: 'crm.account', trust: 'app', lifetime: 'session', maxChars: 300, role: 'user', value: { ...SUPPORT_TICKET.customer } },
      { id: 'status', sourceId: 'tool.status-page', trust: 'tool', lifetime: 'call', maxChars: 400, role: 'user', value: { ...SUPPORT_TICKET.statusLookup } },
      { id: 'question', sourceId: 'chat.widget', trust: 'user', lifetime: 'turn', maxChars: 1000, role: 'user', value: SUPPORT_TICKET.question },
    ],
    MAX_INPUT_CHARS,
  );
}
