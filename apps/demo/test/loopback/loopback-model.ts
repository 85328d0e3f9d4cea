/**
 * The "model" behind the loopback servers: it answers like a well-behaved tool-calling model,
 * deciding from what the request offers and carries:
 * - the turn's tools offered (`reply` among them): no tool result yet → `lookupOrder`; the order
 *   as the last tool result → `issueRefund` for its full amount; after that → `reply`, saying what
 *   the refund's result says (a refund id, or the App's denial);
 * - the reflection's tools and no tool result yet → one `query_evidence`;
 * - a tool result present → `submit_report`, citing ids parsed from that result (as a real
 *   model must: the reflection refuses ids it never returned).
 */
export interface LoopbackToolCall {
  readonly toolId: string;
  readonly args: Record<string, unknown>;
}

/** The replies the loopback model proposes (distinct from the scripted ones, so tests can tell). */
export const LOOPBACK_REPLIES = {
  refunded: {
    kind: 'reply',
    answer: 'Loopback model here: your order A-1042 is refunded.',
    bubbles: ['The money is on its way back.', 'Nothing to send back.'],
    internalNote: 'Answered by the loopback test model.',
  },
  denied: {
    kind: 'reply',
    answer: 'Loopback model here: a colleague looks at order A-1042 today.',
    bubbles: ['I could not refund it myself.', 'You hear from us by email.'],
    internalNote: 'Answered by the loopback test model after a denial.',
  },
} as const;

/** The record types the loopback reviewer asks for. */
export const LOOPBACK_EVIDENCE_TYPES = ['context.refused', 'tool.decided', 'refund.issued', 'reply.sent'] as const;

export function decideLoopbackCall(toolIds: readonly string[], lastToolResult: string | undefined): LoopbackToolCall {
  const result = lastToolResult === undefined ? undefined : (JSON.parse(lastToolResult) as Record<string, unknown>);
  if (toolIds.includes('reply')) {
    if (result === undefined) return { toolId: 'lookupOrder', args: { orderId: 'A-1042' } };
    if (result.status === 'lost-in-transit') return { toolId: 'issueRefund', args: { orderId: result.orderId, amountCents: result.totalCents, reason: 'Lost in transit' } };
    return { toolId: 'reply', args: { ...(typeof result.refundId === 'string' ? LOOPBACK_REPLIES.refunded : LOOPBACK_REPLIES.denied) } };
  }
  if (result === undefined) return { toolId: 'query_evidence', args: { types: [...LOOPBACK_EVIDENCE_TYPES], limit: 10 } };
  const { items = [] } = result as { items?: { id: string; type: string }[] };
  return {
    toolId: 'submit_report',
    args: {
      summary: `Loopback review: ${items.length} records read.`,
      findings: items.map((item) => ({ claim: `The trace holds a ${item.type} record.`, evidenceIds: [item.id] })),
    },
  };
}

/** `text` in pieces of `size` characters, so the arguments visibly stream. */
export function pieces(text: string, size: number): string[] {
  const result: string[] = [];
  for (let start = 0; start < text.length; start += size) result.push(text.slice(start, start + size));
  return result;
}
