import type { ModelMessage } from '@jangts/agent-types';

/** One content block of a Messages API request message. */
export type AnthropicContentBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'tool_use'; readonly id: string; readonly name: string; readonly input: unknown }
  | { readonly type: 'tool_result'; readonly tool_use_id: string; readonly content: string };

/** One Messages API request message. */
export interface AnthropicMessage {
  readonly role: 'user' | 'assistant';
  readonly content: AnthropicContentBlock[];
}

/** The conversation part of a Messages API request. */
export interface AnthropicConversation {
  /** All system messages, joined by a blank line; absent when there are none. */
  readonly system?: string;
  readonly messages: AnthropicMessage[];
}

/**
 * Maps runner messages to the Messages API: system messages (wherever they are) move to the
 * top-level `system`, joined by a blank line; assistant tool calls become `tool_use` blocks
 * (arguments as the `input` object); tool results become `tool_result` blocks of a user message;
 * consecutive messages of the same role are merged into one, as the API requires. Empty text
 * blocks (which the API rejects) are left out, and so is a message left with no block.
 */
export function toAnthropicMessages(messages: readonly ModelMessage[]): AnthropicConversation {
  const system: string[] = [];
  const result: AnthropicMessage[] = [];
  const append = (role: AnthropicMessage['role'], blocks: AnthropicContentBlock[]): void => {
    if (blocks.length === 0) return;
    const last = result.at(-1);
    if (last?.role !== role) {
      result.push({ role, content: blocks });
      return;
    }
    // One by one: spreading a long list into push() overflows the call stack.
    for (const block of blocks) last.content.push(block);
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user':
        append('user', textBlocks(message.content));
        break;
      case 'assistant':
        append('assistant', [
          ...textBlocks(message.content),
          ...(message.toolCalls ?? []).map(
            (call): AnthropicContentBlock => ({ type: 'tool_use', id: call.callId, name: call.toolId, input: call.args ?? {} }),
          ),
        ]);
        break;
      case 'tool':
        append('user', [{ type: 'tool_result', tool_use_id: message.callId, content: message.content }]);
        break;
    }
  }
  return { ...(system.length === 0 ? {} : { system: system.join('\n\n') }), messages: result };
}

function textBlocks(text: string): AnthropicContentBlock[] {
  return text === '' ? [] : [{ type: 'text', text }];
}
