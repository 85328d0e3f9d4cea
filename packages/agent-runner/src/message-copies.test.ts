import type { ProviderRequest } from '@jangts/agent-types';
import Type from 'typebox';
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

  it('sends a copy of the tools: a provider editing them does not change what the next call with the same spec sends', async () => {
    const tool = { id: 'reply', description: 'answer', parameters: Type.Object({ text: Type.String() }) };
    const seen: unknown[] = [];
    const edit = (request: ProviderRequest) => {
      seen.push(structuredClone(request.tools));
      const tools = request.tools as unknown as { description: string; parameters: { required?: string[] } }[];
      tools[0]!.description = 'edited';
      delete tools[0]!.parameters.required;
      return 'ok';
    };
    const provider = createScriptedProvider([edit, edit]);
    const runner = new ModelRunner({ provider });
    await runner.invoke({ input: 'a', stageId: 's', tools: [tool] });
    await runner.invoke({ input: 'b', stageId: 's', tools: [tool] });
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]).toEqual([{ id: 'reply', description: 'answer', parameters: JSON.parse(JSON.stringify(tool.parameters)) as unknown }]);
  });
});
