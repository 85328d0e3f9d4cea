import type { ProviderRequest } from '@jangts/agent-types';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { ModelRunner } from './model-runner.js';
import { createScriptedProvider } from './providers/scripted.js';

describe('message copies', () => {
  it('sends its own frozen copy: a provider cannot edit a message, and the caller editing its messages later changes nothing sent', async () => {
    let edit: unknown;
    const provider = createScriptedProvider([
      (request) => {
        try {
          (request.messages[1] as unknown as { toolCalls: { args: { a: number } }[] }).toolCalls[0]!.args.a = 999;
        } catch (error) {
          edit = error;
        }
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
    expect(edit).toBeInstanceOf(TypeError);
    expect(args.a).toBe(1);
    question.content = 'edited';
    expect(provider.requests[0]!.messages[0]!.content).toBe('hi');
    expect(provider.requests[0]!.messages[1]).not.toBe(messages[1]);
  });

  it('reads the tool specs afresh on every call: a provider cannot edit them, and a spec renamed or edited since goes out as it is now', async () => {
    const tool = { id: 'reply', description: 'answer', parameters: Type.Object({ text: Type.String() }) };
    const seen: unknown[] = [];
    const edits: unknown[] = [];
    const edit = (request: ProviderRequest) => {
      seen.push(structuredClone(request.tools));
      const tools = request.tools as unknown as { description: string; parameters: { required?: string[] } }[];
      try {
        tools[0]!.description = 'edited';
      } catch (error) {
        edits.push(error);
      }
      return 'ok';
    };
    const provider = createScriptedProvider([edit, edit, edit]);
    const runner = new ModelRunner({ provider });
    await runner.invoke({ input: 'a', stageId: 's', tools: [tool] });
    await runner.invoke({ input: 'b', stageId: 's', tools: [tool] });
    expect(edits.map((error) => (error as Error).constructor.name)).toEqual(['TypeError', 'TypeError']);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]).toEqual([{ id: 'reply', description: 'answer', parameters: JSON.parse(JSON.stringify(tool.parameters)) as unknown }]);
    // The same spec object, renamed and given another schema: the next call sends it as it is now.
    Object.assign(tool, { id: 'answer', description: 'Answer the user', parameters: Type.Object({ text: Type.String(), mood: Type.String() }) });
    await runner.invoke({ input: 'c', stageId: 's', tools: [tool] });
    expect(seen[2]).toEqual([{ id: 'answer', description: 'Answer the user', parameters: JSON.parse(JSON.stringify(tool.parameters)) as unknown }]);
  });

  it('checks the arguments against the schema the spec has now, not the one a spec object had before', async () => {
    const tool = { id: 'reply', description: 'answer', parameters: Type.Object({ text: Type.String() }) };
    const runner = new ModelRunner({ provider: createScriptedProvider([{ toolCalls: [{ toolId: 'reply', args: { text: 'hi' } }] }, { toolCalls: [{ toolId: 'reply', args: { text: 'hi' } }] }]) });
    await expect(runner.invoke({ input: 'a', stageId: 's', tools: [tool] })).resolves.toMatchObject({ proposals: [{ args: { text: 'hi' } }] });
    tool.parameters = Type.Object({ text: Type.Integer() }) as never;
    await expect(runner.invoke({ input: 'b', stageId: 's', tools: [tool] })).rejects.toMatchObject({ code: 'OUTPUT_INVALID', details: { reason: 'schema' } });
  });
});
