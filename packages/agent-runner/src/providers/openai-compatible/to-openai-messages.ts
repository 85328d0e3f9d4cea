import type { ModelMessage } from '@jangts/agent-types';

/** One Chat Completions request message. */
export type OpenAIMessage =
  | { readonly role: 'system' | 'user'; readonly content: string }
  | {
      readonly role: 'assistant';
      readonly content: string | null;
      readonly tool_calls?: readonly {
        readonly id: string;
        readonly type: 'function';
        readonly function: { readonly name: string; readonly arguments: string };
      }[];
    }
  | { readonly role: 'tool'; readonly tool_call_id: string; readonly content: string };

/**
 * Maps runner messages to Chat Completions messages: assistant tool calls become `tool_calls`
 * with JSON-string `arguments` (and `content: null` when the assistant said nothing), tool
 * results become `role: 'tool'` messages with `tool_call_id`.
 */
export function toOpenAIMessages(messages: readonly ModelMessage[]): OpenAIMessage[] {
  return messages.map((message): OpenAIMessage => {
    switch (message.role) {
      case 'system':
      case 'user':
        return { role: message.role, content: message.content };
      case 'assistant': {
        const calls = message.toolCalls ?? [];
        if (calls.length === 0) return { role: 'assistant', content: message.content };
        return {
          role: 'assistant',
          content: message.content === '' ? null : message.content,
          tool_calls: calls.map((call) => ({
            id: call.callId,
            type: 'function',
            function: { name: call.toolId, arguments: JSON.stringify(call.args ?? {}) },
          })),
        };
      }
      case 'tool':
        return { role: 'tool', tool_call_id: message.callId, content: message.content };
    }
  });
}
