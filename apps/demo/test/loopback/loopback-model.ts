/**
 * The "model" behind the loopback servers: it answers like a well-behaved tool-calling model,
 * deciding from what the request offers and carries:
 * - the `reply` tool offered → a reply;
 * - the reflection's tools and no tool result yet → one `query_evidence`;
 * - a tool result present → `submit_report`, citing ids parsed from that result (as a real
 *   model must: the reflection refuses ids it never returned).
 */
export interface LoopbackToolCall {
  readonly toolId: string;
  readonly args: Record<string, unknown>;
}

/** The reply the loopback model proposes (distinct from the scripted one, so tests can tell). */
export const LOOPBACK_REPLY = {
  kind: 'reply',
  answer: 'Loopback model here: incident INC-2041 in eu-west-1 explains your 502 errors.',
  bubbles: ['The fix is being rolled out.', 'Watch https://status.nimbus.example for updates.'],
  internalNote: 'Answered by the loopback test model.',
} as const;

export function decideLoopbackCall(toolIds: readonly string[], lastToolResult: string | undefined): LoopbackToolCall {
  if (toolIds.includes('reply')) return { toolId: 'reply', args: { ...LOOPBACK_REPLY } };
  if (lastToolResult === undefined) return { toolId: 'query_evidence', args: { types: ['context.refused', 'reply.sent'], limit: 10 } };
  const { items = [] } = JSON.parse(lastToolResult) as { items?: { id: string; type: string }[] };
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
