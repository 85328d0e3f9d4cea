import { createProviderError } from '@jangts/agent-runner';
import type { ScriptedChunk, ScriptedStep } from '@jangts/agent-runner/providers/scripted';
import type { ProviderRequest } from '@jangts/agent-types';
import type { ReplyArguments } from './reply-tool.js';
import { SUPPORT_TICKET } from './support-ticket.js';

/** How many characters of tool arguments the scripted model streams per chunk. */
export const SCRIPTED_CHUNK_SIZE = 6;

/** The reply the scripted model proposes: what a good model answers from the input. */
export const SCRIPTED_REPLY: ReplyArguments = {
  kind: 'reply',
  answer: `Yes, this is on our side: incident ${SUPPORT_TICKET.statusLookup.incident} has degraded our load balancers in ${SUPPORT_TICKET.customer.region} since ${SUPPORT_TICKET.statusLookup.since}.`,
  bubbles: [
    `${SUPPORT_TICKET.customer.site} is served from ${SUPPORT_TICKET.customer.region}, so the 502 errors come from the incident, not from your setup.`,
    `The cause is identified; the next update is due at ${SUPPORT_TICKET.statusLookup.nextUpdate} on ${SUPPORT_TICKET.statusPage}.`,
    'Nothing needs to change on your side; your site recovers when the fix is rolled out.',
  ],
  internalNote: `Business plan, ${SUPPORT_TICKET.customer.region}, affected by ${SUPPORT_TICKET.statusLookup.incident}: follow up on the SLA after resolution.`,
};

/**
 * Where an injected failure cuts the reply's argument text: inside the second bubble, so the
 * answer and the first bubble have been previewed when the stream breaks.
 */
const FAILURE_CUT = JSON.stringify(SCRIPTED_REPLY).indexOf(SCRIPTED_REPLY.bubbles[1]!) + 40;

/**
 * The deterministic model of the page, one step per model call: the reply stage, then the
 * reflection's two calls (a query, then the report). With `injectFailure` the reply's stream
 * breaks mid-way with `PROVIDER_FAILED` (the scripted provider's own failure step: the chunks so
 * far, then the error; output had started, so the runner does not retry it). The report step
 * reads the evidence the reflection returned and cites ids it actually found there.
 */
export function scriptedSupportModel({ injectFailure }: { readonly injectFailure: boolean }): ScriptedStep[] {
  const reply: ScriptedStep = injectFailure
    ? {
        after: replyChunks().filter((_, index) => (index + 1) * SCRIPTED_CHUNK_SIZE <= FAILURE_CUT),
        error: createProviderError('the scripted stream was cut mid-way (a failure injected on purpose)', { providerId: 'scripted', details: { injected: true } }),
      }
    : { toolCalls: [{ toolId: 'reply', args: SCRIPTED_REPLY, callId: 'call_reply' }], chunkSize: SCRIPTED_CHUNK_SIZE };
  return [reply, { toolCalls: [{ toolId: 'query_evidence', args: { limit: 50 } }] }, (request) => ({ toolCalls: [{ toolId: 'submit_report', args: scriptedReport(request) }] })];
}

/** The reply's arguments as the tool-call chunks a provider streams. */
function replyChunks(): ScriptedChunk[] {
  const text = JSON.stringify(SCRIPTED_REPLY);
  const chunks: ScriptedChunk[] = [];
  for (let start = 0; start < text.length; start += SCRIPTED_CHUNK_SIZE) {
    chunks.push({ type: 'tool-call', callId: 'call_reply', toolId: 'reply', argsDelta: text.slice(start, start + SCRIPTED_CHUNK_SIZE) });
  }
  return chunks;
}

/** The reviewer's report: each claim rests on a record it was given, and what it says follows that record. */
function scriptedReport(request: ProviderRequest): { summary: string; findings: { claim: string; evidenceIds: string[] }[] } {
  const evidence = readEvidence(request);
  const find = (type: string): { id: string; text: string } | undefined => evidence.find((item) => item.type === type);
  const findings: { claim: string; evidenceIds: string[] }[] = [];
  const cite = (item: { id: string } | undefined, claim: string): void => {
    if (item !== undefined) findings.push({ claim, evidenceIds: [item.id] });
  };
  cite(find('ticket.opened'), `Ticket ${SUPPORT_TICKET.id} was opened by a ${SUPPORT_TICKET.customer.plan}-plan customer asking about 502 errors.`);
  cite(find('context.assembled'), 'The reply stage read an input assembled from declared fragments, within its character budget.');
  const end = find('model.end');
  const failed = end?.text.includes('"ok":false') ?? false;
  cite(end, failed ? 'The reply stage failed mid-stream with PROVIDER_FAILED, so what it had streamed was withdrawn.' : 'The reply stage took one model call, which ended well with a validated proposal.');
  cite(find('reply.sent'), 'The App checked the proposal and sent the answer with its bubbles to the customer.');
  cite(find('reply.failed'), 'Nothing was sent to the customer: the ticket goes to a person.');
  const summary = failed
    ? `Ticket ${SUPPORT_TICKET.id} was not answered: the model call broke off mid-stream, its preview was withdrawn, and the ticket went to a person.`
    : `Ticket ${SUPPORT_TICKET.id} was answered from App facts (account, status page) in one model call, and the App sent the reply.`;
  return { summary, findings };
}

/** The evidence items of the last tool message of `request` (the reflection's query result). */
function readEvidence(request: ProviderRequest): { id: string; type: string; text: string }[] {
  const last = request.messages.at(-1);
  if (last?.role !== 'tool') return [];
  const result = JSON.parse(last.content) as { items?: { id: string; type: string; text: string }[] };
  return result.items ?? [];
}
