/** One OpenAI chat-completions stream event (`data: {...}\n\n`) carrying `delta`. */
function event(delta: unknown, finish: string | null = null): string {
  return `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1727346168,"model":"gpt-4o","choices":[{"index":0,"delta":${JSON.stringify(delta)},"finish_reason":${JSON.stringify(finish)}}]}\n\n`;
}

/** The SSE body of a chat-completions stream whose text arrives in `deltas`. */
export function openAITextBody(deltas: Iterable<string>): string {
  const events = [event({ role: 'assistant', content: '' })];
  for (const content of deltas) events.push(event({ content }));
  events.push(event({}, 'stop'), 'data: [DONE]\n\n');
  return events.join('');
}

/** The SSE body of a chat-completions stream of one `toolId` call whose arguments arrive in `argsDeltas`. */
export function openAIToolCallBody(toolId: string, argsDeltas: Iterable<string>): string {
  const events = [event({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call-1', type: 'function', function: { name: toolId, arguments: '' } }] })];
  for (const argsDelta of argsDeltas) events.push(event({ tool_calls: [{ index: 0, function: { arguments: argsDelta } }] }));
  events.push(event({}, 'tool_calls'), 'data: [DONE]\n\n');
  return events.join('');
}
