/** An SSE body of `data:` events, one per value (strings as they are, objects as JSON). */
export function sseBody(...events: readonly unknown[]): string {
  return events.map((event) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`).join('');
}

/** A Chat Completions chunk with choice 0 carrying `delta` and `finish_reason`. */
export function chatChunk(delta: Record<string, unknown>, finishReason: string | null = null, id = 'chatcmpl-test'): unknown {
  return { id, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] };
}
