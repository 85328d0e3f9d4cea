import type { ServerResponse } from 'node:http';
import { decideLoopbackCall, pieces } from './loopback-model.js';
import { writeEventStream, type ReceivedRequest } from './start-loopback-server.js';

interface AnthropicMessage {
  role: string;
  content: string | { type: string; content?: string }[];
}

/** Answers `POST /v1/messages` (stream: true) as the Anthropic Messages API: one `tool_use` block, streamed. */
export function respondAsAnthropic(request: ReceivedRequest, response: ServerResponse): void {
  const tools = (request.body.tools ?? []) as { name: string }[];
  const messages = (request.body.messages ?? []) as AnthropicMessage[];
  const toolResults = messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content.filter((block) => block.type === 'tool_result')));
  const call = decideLoopbackCall(
    tools.map((tool) => tool.name),
    toolResults.at(-1)?.content,
  );
  const event = (data: { type: string } & Record<string, unknown>): { event: string; data: unknown } => ({ event: data.type, data });
  writeEventStream(response, [
    event({ type: 'message_start', message: { id: 'msg_loopback', type: 'message', role: 'assistant', content: [], usage: { input_tokens: 100, output_tokens: 1 } } }),
    event({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: `toolu_${call.toolId}`, name: call.toolId, input: {} } }),
    ...pieces(JSON.stringify(call.args), 9).map((partial) => event({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: partial } })),
    event({ type: 'content_block_stop', index: 0 }),
    event({ type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 20 } }),
    event({ type: 'message_stop' }),
  ]);
}
