import type { ScriptedStep } from '@jangts/agent-core/providers/scripted';
import type { ProviderRequest } from '@jangts/agent-core/types';
import type { ReplyArguments } from './reply-tool.js';
import { SUPPORT_TICKET } from './support-ticket.js';

/** How many characters of tool arguments the scripted model streams per chunk. */
const CHUNK_SIZE = 6;

/** The reply the scripted model proposes: what a good model would answer from the fragments. */
const SCRIPTED_REPLY: ReplyArguments = {
  kind: 'reply',
  answer: `Yes, this is on our side: incident ${SUPPORT_TICKET.statusLookup.incident} has degraded our load balancers in ${SUPPORT_TICKET.customer.region} since ${SUPPORT_TICKET.statusLookup.since}.`,
  bubbles: [
    `${SUPPORT_TICKET.customer.sites[0]} is served from ${SUPPORT_TICKET.customer.region}, so the 502 errors come from the incident, not from your setup.`,
    `The cause is identified; the next update is due at ${SUPPORT_TICKET.statusLookup.nextUpdate} on ${SUPPORT_TICKET.statusPage}.`,
    'Nothing needs to change on your side; your site recovers when the fix is rolled out.',
  ],
  internalNote: `Business plan, ${SUPPORT_TICKET.customer.region}, affected by ${SUPPORT_TICKET.statusLookup.incident}. Customer reports lost orders: follow up on the SLA after resolution.`,
};

/** The report the scripted reviewer submits: each claim with the log record type it rests on. */
const SCRIPTED_FINDINGS = [
  { type: 'context.refused', claim: 'Customer text that claimed the system slot was refused with TRUST_VIOLATION before any model call.' },
  { type: 'model.end', claim: 'The reply stage took one model call, which ended well with one validated proposal.' },
  { type: 'reply.sent', claim: 'The App checked the proposal and sent the answer with its bubbles to the customer.' },
] as const;

/**
 * The deterministic model of the default run, one step per model call, in call order: the reply
 * stage, then the reflection's two calls. The last step reads the evidence the reflection
 * returned in the request's tool message and cites the ids it actually found there, as a real
 * model must (a citation of an id it was never given is refused).
 */
export function scriptedSupportModel(): ScriptedStep[] {
  return [
    { toolCalls: [{ toolId: 'reply', args: SCRIPTED_REPLY }], chunkSize: CHUNK_SIZE },
    { toolCalls: [{ toolId: 'query_evidence', args: { limit: 50 } }] },
    (request) => {
      const evidence = readEvidence(request);
      const findings = SCRIPTED_FINDINGS.flatMap(({ type, claim }) => {
        const item = evidence.find((candidate) => candidate.type === type);
        return item === undefined ? [] : [{ claim, evidenceIds: [item.id] }];
      });
      const summary =
        'Ticket 4711 was answered from App facts (account, status page) in one model call; ' +
        'an attempt to place customer text in the system slot was refused before the model saw anything.';
      return { toolCalls: [{ toolId: 'submit_report', args: { summary, findings } }] };
    },
  ];
}

/** The evidence items of the last tool message of `request` (the reflection's query result). */
function readEvidence(request: ProviderRequest): { id: string; type: string }[] {
  const last = request.messages.at(-1);
  if (last?.role !== 'tool') return [];
  const result = JSON.parse(last.content) as { items?: { id: string; type: string }[] };
  return result.items ?? [];
}
