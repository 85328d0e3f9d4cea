import type { ScriptedReplay, ScriptedStep } from '@jangts/agent-core/providers/scripted';
import type { ProviderRequest } from '@jangts/agent-core/types';
import { countOf } from '../terminal/count-of.js';
import type { ReplyArguments } from './reply-tool.js';
import { REFUND_APPROVER } from './refund-approver.js';
import { formatMoney, SUPPORT_TICKET } from './support-ticket.js';

/** How many characters of tool arguments the scripted model streams per chunk. */
const CHUNK_SIZE = 6;

/**
 * The deterministic model of the default run, one step per model call, in call order: the turn's
 * three calls (look the order up; propose the refund; reply), then the reflection's two (read the
 * trace; report). Every step after the first reads what the request carries — the tool result the
 * App returned, the evidence the reflection returned — as a real model must: the reply says what
 * the refund's result says, and the report cites only records it was given.
 */
export function scriptedSupportModel(): ScriptedStep[] {
  return [
    { toolCalls: [{ toolId: 'lookupOrder', args: { orderId: SUPPORT_TICKET.order.orderId } }] },
    (request) => proposeRefund(lastToolResult(request)),
    (request) => reply(lastToolResult(request)),
    { toolCalls: [{ toolId: 'query_evidence', args: { limit: 100 } }] },
    (request) => report(readEvidence(request)),
  ];
}

/** Step 2: a paid order lost in transit gets a refund proposal for its full amount; anything else, a handoff. */
function proposeRefund(order: Record<string, unknown>): ScriptedReplay {
  if (order.status !== 'lost-in-transit' || order.paid !== true || typeof order.totalCents !== 'number') {
    return { toolCalls: [{ toolId: 'reply', args: handoff('The order is not a lost, paid parcel: a person should look at it.') }], chunkSize: CHUNK_SIZE };
  }
  return {
    text: `Order ${String(order.orderId)} is paid and lost in transit, so I propose a full refund.`,
    toolCalls: [{ toolId: 'issueRefund', args: { orderId: order.orderId, amountCents: order.totalCents, reason: `Parcel lost in transit (${String(order.carrier)}, last scan ${String(order.lastScan)})` } }],
  };
}

/** Step 3: the reply, from what the refund's tool result says (issued, or denied by the App). */
function reply(refund: Record<string, unknown>): ScriptedReplay {
  const { orderId } = SUPPORT_TICKET.order;
  let args: ReplyArguments;
  if (typeof refund.refundId === 'string' && typeof refund.amountCents === 'number') {
    args = {
      kind: 'reply',
      answer: `Yes: your parcel for order ${orderId} was lost in transit, so we refunded the full ${formatMoney(refund.amountCents)}.`,
      bubbles: [
        `The refund ${refund.refundId} is on its way to your original payment method; banks usually show it within 3 to 5 working days.`,
        'You do not need to send anything back. If the parcel turns up after all, simply keep it or refuse the delivery.',
      ],
      internalNote: `Refund ${refund.refundId} approved by ${REFUND_APPROVER.name}. Carrier claim against ${SUPPORT_TICKET.order.carrier} still to file.`,
    };
  } else {
    args = {
      kind: 'reply',
      answer: `I am sorry: your parcel for order ${orderId} is lost in transit, and I could not refund it myself.`,
      bubbles: ['A colleague reviews your order today and writes to you by email with the next step.', 'You do not need to do anything in the meantime.'],
      internalNote: `Refund proposal for ${orderId} denied by the App (code ${String(refund.code)}): review with billing today.`,
    };
  }
  return { toolCalls: [{ toolId: 'reply', args }], chunkSize: CHUNK_SIZE };
}

function handoff(internalNote: string): ReplyArguments {
  return { kind: 'handoff', answer: 'A colleague will get back to you today.', bubbles: [], internalNote };
}

/** The JSON of the last tool message of `request` (the App's result of the previous call). */
function lastToolResult(request: ProviderRequest): Record<string, unknown> {
  const last = request.messages.at(-1);
  if (last?.role !== 'tool') return {};
  try {
    const value: unknown = JSON.parse(last.content);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One log record as the reflection's evidence carries it: its id, type, seq and data. */
interface EvidenceRecord {
  readonly id: string;
  readonly type: string;
  readonly seq: number;
  readonly data: Record<string, unknown>;
}

/**
 * The evidence items of the last tool message of `request` (the reflection's query result). The
 * log source writes each record as `<type> flow=<flow id> <data JSON>`, with the id `<trace>:<seq>`.
 */
function readEvidence(request: ProviderRequest): EvidenceRecord[] {
  const page = lastToolResult(request) as { items?: { id: string; type: string; text: string }[] };
  return (page.items ?? []).map(({ id, type, text }) => {
    const json = text.slice(text.indexOf(' ', type.length + 1) + 1);
    let data: Record<string, unknown> = {};
    try {
      data = JSON.parse(json) as Record<string, unknown>;
    } catch {
      // A record without data (or cut by the budget): nothing to read.
    }
    return { id, type, seq: Number(id.slice(id.lastIndexOf(':') + 1)), data };
  });
}

/**
 * Step 5: the report. Each finding is made only when the records it cites show it, and cites
 * exactly those records; so the report follows the trace (the approved or the denied refund).
 */
function report(records: readonly EvidenceRecord[]): ScriptedReplay {
  const find = (type: string, match: Record<string, unknown> = {}): EvidenceRecord | undefined =>
    records.find((record) => record.type === type && Object.entries(match).every(([key, value]) => record.data[key] === value));
  const findings: { claim: string; evidenceIds: string[] }[] = [];
  const claim = (text: string, cited: readonly (EvidenceRecord | undefined)[]): void => {
    if (cited.every((record) => record !== undefined)) findings.push({ claim: text, evidenceIds: cited.map((record) => record.id) });
  };

  const refused = records.filter((record) => record.type === 'context.refused');
  const firstModelCall = find('model.start');
  if (refused.length > 0 && firstModelCall !== undefined && refused.every((record) => record.seq < firstModelCall.seq)) {
    claim('Customer text aimed at the system slot was refused with TRUST_VIOLATION, as a fragment and as a system message in a history, before the first model call.', [...refused, firstModelCall]);
  }

  const lookupDecided = find('tool.decided', { toolId: 'lookupOrder', approved: true, by: 'policy' });
  const lookupResult = find('tool.result', { toolId: 'lookupOrder', status: 'ran' });
  claim('lookupOrder ran on its own policy (approval auto): the policy approved it, then the App ran it and its result went back to the model.', [lookupDecided, lookupResult]);

  const refundProposed = find('tool.proposed', { toolId: 'issueRefund', valid: true });
  const awaiting = find('turn.end', { status: 'awaiting-approval' });
  if (refundProposed !== undefined && awaiting !== undefined && refundProposed.seq < awaiting.seq) {
    claim("The model's issueRefund proposal did not run by itself: the turn ended awaiting-approval right after it, with no tool result for it.", [refundProposed, awaiting]);
  }

  const approval = find('approval.decided', { toolId: 'issueRefund' });
  const refundResult = find('tool.result', { toolId: 'issueRefund' });
  const approved = find('tool.decided', { toolId: 'issueRefund', approved: true, by: 'app' });
  const denied = find('tool.decided', { toolId: 'issueRefund', approved: false, by: 'app' });
  const issued = find('refund.issued');
  let refundOutcome = 'the refund waited for a person, and what became of it is not in the trace';
  if (approval !== undefined && approved !== undefined && issued !== undefined && refundResult?.data.status === 'ran' && approved.seq < issued.seq) {
    refundOutcome = "the refund waited for a person and ran only after the App's approval";
    claim(`The refund ran only after the App's approval: ${String(approval.data.by)} approved it, the turn recorded the App's decision, and only then did issueRefund run and the App record refund ${String(issued.data.refundId)}.`, [approval, approved, issued, refundResult]);
  } else if (approval !== undefined && denied !== undefined && refundResult?.data.code === 'DENIED' && issued === undefined) {
    refundOutcome = 'the refund waited for a person, who denied it, so it never ran';
    claim(`The refund never ran: ${String(approval.data.by)} denied it, the turn recorded the App's decision, and the call's result is DENIED; no refund.issued record exists.`, [approval, denied, refundResult]);
  }

  const done = find('turn.end', { status: 'done' });
  const sent = find('reply.sent');
  if (done !== undefined) {
    claim(`The turn ended done with the final reply after ${countOf(Number(done.data.steps), 'model call')} and ${countOf(Number(done.data.toolCalls), 'tool call')}, and the App sent the reply.`, [done, sent]);
  }

  const summary = `Ticket ${SUPPORT_TICKET.id}: the order lookup ran on its policy, ${refundOutcome}, and customer text never reached the system slot.`;
  return { toolCalls: [{ toolId: 'submit_report', args: { summary, findings } }] };
}
