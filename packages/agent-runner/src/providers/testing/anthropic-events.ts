/** One Messages API event. */
export interface AnthropicEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** An SSE body of Messages API events: each value is framed with `event: <its type>`. */
export function anthropicBody(...events: readonly AnthropicEvent[]): string {
  return events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join('');
}

/** `message_start` with the given usage. */
export function messageStart(usage: Record<string, number> = { input_tokens: 5, output_tokens: 1 }) {
  return { type: 'message_start', message: { id: 'msg_test', type: 'message', role: 'assistant', content: [], usage } };
}

/** `message_delta` with a stop reason and usage, then `message_stop`. */
export function messageEnd(stopReason: string, usage: Record<string, number> = { output_tokens: 2 }) {
  return [{ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage }, { type: 'message_stop' }];
}

/** A text block with one delta per piece. */
export function textBlock(index: number, ...pieces: readonly string[]) {
  return [
    { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
    ...pieces.map((text) => ({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } })),
    { type: 'content_block_stop', index },
  ];
}
