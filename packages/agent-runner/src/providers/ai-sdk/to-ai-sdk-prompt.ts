import type { LanguageModelV4Message, LanguageModelV4Prompt } from '@ai-sdk/provider';
import type { ModelMessage } from '@jangts/agent-types';

/**
 * Maps runner messages to an AI SDK prompt: system → `system`, user → one text part, assistant
 * → a text part (when not empty) and `tool-call` parts with the arguments as `input`, tool →
 * a `tool` message with one `tool-result` part (`output: { type: 'text' }`). A tool result's
 * tool name is taken from the assistant call it answers (the request's door makes sure there is
 * one: `AiSdkRequestSchema`).
 */
export function toAiSdkPrompt(messages: readonly ModelMessage[]): LanguageModelV4Prompt {
  const toolNames = new Map<string, string>();
  return messages.map((message): LanguageModelV4Message => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'user':
        return { role: 'user', content: [{ type: 'text', text: message.content }] };
      case 'assistant': {
        const calls = message.toolCalls ?? [];
        for (const call of calls) toolNames.set(call.callId, call.toolId);
        return {
          role: 'assistant',
          content: [
            ...(message.content === '' ? [] : [{ type: 'text' as const, text: message.content }]),
            ...calls.map((call) => ({
              type: 'tool-call' as const,
              toolCallId: call.callId,
              toolName: call.toolId,
              input: call.args ?? {},
            })),
          ],
        };
      }
      case 'tool': {
        const toolName = toolNames.get(message.callId) as string;
        return {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: message.callId, toolName, output: { type: 'text', value: message.content } },
          ],
        };
      }
    }
  });
}
