import type { AssembledInput, ModelMessage, OutputEvent, ProviderChunk, ProviderRequest } from '@jangts/agent-types';
import { assembleFragments } from '@jangts/agent-context';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { ModelRunner } from './model-runner.js';
import { createScriptedProvider } from './providers/scripted.js';

function recordingProvider(chunks: readonly (string | ProviderChunk)[]) {
  const requests: ProviderRequest[] = [];
  return {
    requests,
    provider: {
      async *stream(request: ProviderRequest) {
        requests.push(request);
        yield* chunks;
      },
    },
  };
}

const replyTool = {
  id: 'reply',
  description: 'Answer the user',
  parameters: Type.Object({ text: Type.String(), mood: Type.Optional(Type.String()) }),
};
const searchTool = { id: 'search', description: 'Search', parameters: Type.Object({ query: Type.String({ minLength: 1 }) }) };

describe('ModelRunner', () => {
  it('runs the seed example: bare string deltas become the text of a plain-text stage', async () => {
    const events: OutputEvent[] = [];
    const runner = new ModelRunner({
      provider: {
        async *stream() {
          yield '你好';
          yield ',Core';
        },
      },
      sink: { output: { write: (event) => void events.push(event) } },
    });
    const result = await runner.invoke({ input: '你好', stageId: 'reply' });
    expect(result.value).toBe('你好,Core');
    expect(result).toMatchObject({ stageId: 'reply', text: '你好,Core', proposals: [], finishReason: 'stop', warnings: [] });
    expect(events).toEqual([
      { type: 'stage-start', stageId: 'reply', mode: 'text', toolIds: [] },
      { type: 'text-delta', stageId: 'reply', text: '你好' },
      { type: 'text-delta', stageId: 'reply', text: ',Core' },
      { type: 'stage-end', stageId: 'reply', ok: true },
    ]);
  });

  it('sends a string input as one user message and a plain-text stage with no tools', async () => {
    const { provider, requests } = recordingProvider(['ok']);
    await new ModelRunner({ provider }).invoke({ input: 'hello', stageId: 'chat' });
    expect(requests).toEqual([{ stageId: 'chat', messages: [{ role: 'user', content: 'hello' }], tools: [] }]);
  });

  it('sends the messages of an assembled input without their fragment ids', async () => {
    const input: AssembledInput & { audit: unknown } = {
      messages: [
        { role: 'system', content: 'Be brief.', fragmentIds: ['rules'] },
        { role: 'user', content: 'Hi', fragmentIds: ['question'] },
      ],
      fragmentUsage: [],
      inputChars: 11,
      audit: { unchanged: [], changed: [], dropped: [], originalChars: 11, inputChars: 11 },
    };
    const { provider, requests } = recordingProvider(['ok']);
    await new ModelRunner({ provider }).invoke({ input, stageId: 'chat' });
    expect(requests[0]?.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('takes the messages of an assembled input into a message list, leaving out their fragment ids', async () => {
    const assembled = assembleFragments([{ id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', maxChars: 100, role: 'user', value: 'find cats' }], 200);
    const input: ModelMessage[] = [
      ...assembled.messages,
      { role: 'assistant', content: '', toolCalls: [{ callId: 'c1', toolId: 'search', args: {} }] },
      { role: 'tool', callId: 'c1', content: '3 cats' },
    ];
    const { provider, requests } = recordingProvider(['done']);
    await new ModelRunner({ provider }).invoke({ input, stageId: 'loop' });
    expect(requests[0]?.messages).toEqual([{ role: 'user', content: 'find cats' }, input[1], input[2]]);
  });

  it('sends a message list with assistant tool calls and tool results as a copy', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'find cats' },
      { role: 'assistant', content: '', toolCalls: [{ callId: 'c1', toolId: 'search', args: { query: 'cats' } }] },
      { role: 'tool', callId: 'c1', content: '3 cats' },
    ];
    const { provider, requests } = recordingProvider(['done']);
    await new ModelRunner({ provider }).invoke({ input: messages, stageId: 'loop' });
    messages.push({ role: 'user', content: 'later' });
    expect(requests[0]?.messages).toEqual(messages.slice(0, 3));
  });

  it('sends tools as clean JSON Schema copies of their TypeBox parameters', async () => {
    const { provider, requests } = recordingProvider([{ type: 'tool-call', callId: 'c1', toolId: 'reply', argsDelta: '{"text":"hi"}' }]);
    await new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'answer', tools: [replyTool] });
    const sent = requests[0]?.tools[0];
    expect(sent).toEqual({
      id: 'reply',
      description: 'Answer the user',
      parameters: { type: 'object', required: ['text'], properties: { text: { type: 'string' }, mood: { type: 'string' } } },
    });
    expect(sent?.parameters).not.toBe(replyTool.parameters);
    expect(Object.getOwnPropertyNames(sent?.parameters)).not.toContain('~kind');
  });

  it('returns the validated proposals of a tool stage as its value, in order of first appearance', async () => {
    const { provider } = recordingProvider([
      'Let me answer. ',
      { type: 'tool-call', callId: 'a', toolId: 'search', argsDelta: '{"que' },
      { type: 'tool-call', callId: 'b', toolId: 'reply', argsDelta: '{"text":' },
      { type: 'tool-call', callId: 'a', toolId: 'search', argsDelta: 'ry":"cats"}' },
      { type: 'tool-call', callId: 'b', toolId: 'reply', argsDelta: '"hi"}' },
      { type: 'finish', reason: 'tool-calls', usage: { inputTokens: 10, outputTokens: 5 } },
    ]);
    const result = await new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'act', tools: [replyTool, searchTool] });
    const proposals = [
      { callId: 'a', toolId: 'search', args: { query: 'cats' } },
      { callId: 'b', toolId: 'reply', args: { text: 'hi' } },
    ];
    expect(result).toEqual({
      stageId: 'act',
      value: proposals,
      text: 'Let me answer. ',
      proposals,
      finishReason: 'tool-calls',
      usage: { inputTokens: 10, outputTokens: 5 },
      warnings: [],
    });
  });

  it('reports stage-start with mode tools and the registered tool ids, and tool-call deltas in order', async () => {
    const events: OutputEvent[] = [];
    const { provider } = recordingProvider([
      { type: 'tool-call', callId: 'a', toolId: 'reply', argsDelta: '{"text":"x"}' },
      { type: 'finish', reason: 'tool-calls' },
    ]);
    await new ModelRunner({ provider, sink: { output: { write: (event) => void events.push(event) } } }).invoke({
      input: 'hi',
      stageId: 'act',
      tools: [replyTool, searchTool],
    });
    expect(events).toEqual([
      { type: 'stage-start', stageId: 'act', mode: 'tools', toolIds: ['reply', 'search'] },
      { type: 'tool-call-delta', stageId: 'act', callId: 'a', toolId: 'reply', argsDelta: '{"text":"x"}' },
      { type: 'stage-end', stageId: 'act', ok: true },
    ]);
  });

  it('treats empty argument text as {}', async () => {
    const noArgs = { id: 'ping', description: 'Ping', parameters: Type.Object({}) };
    const { provider } = recordingProvider([{ type: 'tool-call', callId: 'p', toolId: 'ping', argsDelta: '' }]);
    const result = await new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'act', tools: [noArgs] });
    expect(result.proposals).toEqual([{ callId: 'p', toolId: 'ping', args: {} }]);
  });

  it('lets a tool stage end with text and no proposals', async () => {
    const { provider } = recordingProvider(['I cannot help.', { type: 'finish', reason: 'stop' }]);
    const result = await new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'act', tools: [replyTool] });
    expect(result).toMatchObject({ value: [], text: 'I cannot help.', finishReason: 'stop' });
  });

  it('succeeds for a plain-text stage cut off by the length limit, reporting finish reason length', async () => {
    const { provider } = recordingProvider(['Once upon a', { type: 'finish', reason: 'length' }]);
    const result = await new ModelRunner({ provider }).invoke({ input: 'story', stageId: 'tell' });
    expect(result).toMatchObject({ value: 'Once upon a', finishReason: 'length' });
  });

  it('reports the provider finish reason and usage of a plain-text stage', async () => {
    const { provider } = recordingProvider(['blocked', { type: 'finish', reason: 'content-filter', usage: { outputTokens: 1 } }]);
    const result = await new ModelRunner({ provider }).invoke({ input: 'x', stageId: 'tell' });
    expect(result).toMatchObject({ finishReason: 'content-filter', usage: { outputTokens: 1 } });
  });

  it('finishes with tool-calls when a stream with proposals ends without a finish chunk', async () => {
    const { provider } = recordingProvider([{ type: 'tool-call', callId: 'a', toolId: 'reply', argsDelta: '{"text":"x"}' }]);
    const result = await new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'act', tools: [replyTool] });
    expect(result.finishReason).toBe('tool-calls');
  });

  it('accepts structured text chunks and ignores empty text deltas', async () => {
    const events: OutputEvent[] = [];
    const { provider } = recordingProvider([{ type: 'text', text: 'a' }, '', { type: 'text', text: '' }, 'b']);
    const result = await new ModelRunner({ provider, sink: { output: { write: (event) => void events.push(event) } } }).invoke({
      input: 'x',
      stageId: 'tell',
    });
    expect(result.value).toBe('ab');
    expect(events.filter((event) => event.type === 'text-delta')).toHaveLength(2);
  });

  it('reuses one runner for many calls with the scripted provider', async () => {
    const provider = createScriptedProvider(['one', 'two']);
    const runner = new ModelRunner({ provider });
    expect((await runner.invoke({ input: 'a', stageId: 's' })).value).toBe('one');
    expect((await runner.invoke({ input: 'b', stageId: 's' })).value).toBe('two');
    expect(provider.requests.map((request) => request.messages[0]?.content)).toEqual(['a', 'b']);
  });
});
