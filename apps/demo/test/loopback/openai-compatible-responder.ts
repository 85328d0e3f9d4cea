import type { ServerResponse } from 'node:http';
import { decideLoopbackCall, pieces } from './loopback-model.js';
import { writeEventStream, type ReceivedRequest } from './start-loopback-server.js';

interface OpenAIMessage {
  role: string;
  content?: string | null;
}

/** Answers `POST /v1/chat/completions` (stream: true) as an OpenAI-compatible server: one tool call, streamed. */
export function respondAsOpenAICompatible(request: ReceivedRequest, response: ServerResponse): void {
  const tools = (request.body.tools ?? []) as { function: { name: string } }[];
  const messages = (request.body.messages ?? []) as OpenAIMessage[];
  const lastTool = messages.findLast((message) => message.role === 'tool');
  const call = decideLoopbackCall(
    tools.map((tool) => tool.function.name),
    typeof lastTool?.content === 'string' ? lastTool.content : undefined,
  );
  const id = `chatcmpl-${request.body.model as string}`;
  const chunk = (delta: unknown, finishReason: string | null = null): { data: unknown } => ({
    data: { id, object: 'chat.completion.chunk', created: 0, model: request.body.model, choices: [{ index: 0, delta, finish_reason: finishReason }] },
  });
  writeEventStream(response, [
    chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: `call_${call.toolId}`, type: 'function', function: { name: call.toolId, arguments: '' } }] }),
    ...pieces(JSON.stringify(call.args), 9).map((argumentsPiece) => chunk({ tool_calls: [{ index: 0, function: { arguments: argumentsPiece } }] })),
    chunk({}, 'tool_calls'),
    { data: { id, object: 'chat.completion.chunk', created: 0, model: request.body.model, choices: [], usage: { prompt_tokens: 100, completion_tokens: 20 } } },
    { data: '[DONE]' },
  ]);
}
