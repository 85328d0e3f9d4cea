import { describe, expect, it } from 'vitest';
import { ModelRunner } from './model-runner.js';
import { createScriptedProvider } from './providers/scripted.js';

describe('message copies', () => {
  it('sends a deep copy: neither side sees the other edit a message', async () => {
    const provider = createScriptedProvider([
      (request) => {
        (request.messages[1] as unknown as { toolCalls: { args: { a: number } }[] }).toolCalls[0]!.args.a = 999;
        return 'ok';
      },
    ]);
    const args = { a: 1 };
    const question = { role: 'user' as const, content: 'hi' };
    const messages = [
      question,
      { role: 'assistant' as const, content: '', toolCalls: [{ callId: 'c', toolId: 't', args }] },
      { role: 'tool' as const, callId: 'c', content: 'done' },
    ];
    await new ModelRunner({ provider }).invoke({ input: messages, stageId: 's' });
    expect(args.a).toBe(1);
    question.content = 'edited';
    expect(provider.requests[0]!.messages[0]!.content).toBe('hi');
  });
});
