import type { ModelMessage } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { toAnthropicMessages } from './to-anthropic-messages.js';

describe('toAnthropicMessages', () => {
  it('merges consecutive messages of hundreds of thousands of blocks without overflowing the call stack', () => {
    // Spreading the second message's blocks into push() threw "Maximum call stack size exceeded".
    const toolCalls = Array.from({ length: 200_000 }, (_, index) => ({ callId: `call-${index}`, toolId: 'lookup', args: { index } }));
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Look everything up.' },
      { role: 'assistant', content: '', toolCalls },
      { role: 'assistant', content: '', toolCalls },
    ];
    const { messages: converted } = toAnthropicMessages(messages);
    expect(converted).toHaveLength(2);
    expect(converted[1]?.role).toBe('assistant');
    expect(converted[1]?.content).toHaveLength(400_000);
    expect(converted[1]?.content[399_999]).toMatchObject({ type: 'tool_use', id: 'call-199999', name: 'lookup', input: { index: 199_999 } });
  });
});
