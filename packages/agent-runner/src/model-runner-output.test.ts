import type { ModelProvider, OutputEvent } from '@jangts/agent-types';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { ModelRunner } from './model-runner.js';
import { createScriptedProvider } from './providers/scripted.js';
import { failure } from './testing/agent-core-rejection.js';

const replyTool = { id: 'reply', description: 'Answer', parameters: Type.Object({ text: Type.String(), count: Type.Optional(Type.Integer()) }) };

function runnerOf(provider: ModelProvider, events: OutputEvent[] = []): ModelRunner {
  return new ModelRunner({ provider, sink: { output: { write: (event) => void events.push(event) } }, retry: { baseDelayMs: 0 } });
}

describe('ModelRunner', () => {
  it.each([
    ['a number', 42, 'chunks[1]', 'type'],
    ['null', null, 'chunks[1]', 'type'],
    ['a list inside a batch', [['x']], 'chunks[1]', 'type'],
    ['an object without a type', { text: 'x' }, 'chunks[1].type', 'required'],
    ['an unknown chunk type', { type: 'reasoning', text: 'x' }, 'chunks[1].type', 'type'],
    ['a text chunk without text', { type: 'text' }, 'chunks[1].text', 'required'],
    ['a text chunk whose text is a number', { type: 'text', text: 5 }, 'chunks[1].text', 'type'],
    ['a tool-call chunk without a call id', { type: 'tool-call', callId: '', toolId: 'reply', argsDelta: '{}' }, 'chunks[1].callId', 'type'],
    ['a tool-call chunk whose argsDelta is not a string', { type: 'tool-call', callId: 'c', toolId: 'reply', argsDelta: 1 }, 'chunks[1].argsDelta', 'type'],
    ['a finish chunk with an unknown reason', { type: 'finish', reason: 'done' }, 'chunks[1].reason', 'type'],
    ['a finish chunk with negative usage', { type: 'finish', reason: 'stop', usage: { inputTokens: -1 } }, 'chunks[1].usage.inputTokens', 'type'],
    ['a finish chunk with a BigInt token count', { type: 'finish', reason: 'stop', usage: { outputTokens: 5n } }, 'chunks[1].usage.outputTokens', 'type'],
    ['a finish chunk whose usage is a list', { type: 'finish', reason: 'stop', usage: [1] }, 'chunks[1].usage', 'type'],
  ])('rejects a provider that yields %s with OUTPUT_INVALID naming the field', async (_name, chunk, field, rule) => {
    const events: OutputEvent[] = [];
    const error = await failure(runnerOf(createScriptedProvider([['ok', chunk] as never]), events).invoke({ input: 'x', stageId: 's', tools: [replyTool] }));
    expect(error).toMatchObject({ code: 'OUTPUT_INVALID', message: expect.stringMatching(/^stage "s" provider output: chunks\[1\]/) as string, details: { field, rule } });
    expect(events.at(-1)).toEqual({ type: 'stage-end', stageId: 's', ok: false, code: 'OUTPUT_INVALID' });
  });

  it('rejects a chunk after the finish chunk with OUTPUT_INVALID', async () => {
    const error = await failure(runnerOf(createScriptedProvider([['a', { type: 'finish', reason: 'stop' }, 'b']])).invoke({ input: 'x', stageId: 's' }));
    expect(error.code).toBe('OUTPUT_INVALID');
    expect(error.message).toContain('after the finish chunk');
  });

  it('rejects tool-call deltas for an unregistered tool at once, before the sink sees them', async () => {
    const events: OutputEvent[] = [];
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'delete_everything', args: {} }] }]);
    const error = await failure(runnerOf(provider, events).invoke({ input: 'x', stageId: 's', tools: [replyTool] }));
    expect(error.code).toBe('OUTPUT_INVALID');
    expect(error.details).toMatchObject({ field: 'toolId', reason: 'unknown-tool', toolId: 'delete_everything', registered: ['reply'] });
    expect(events.map((event) => event.type)).toEqual(['stage-start', 'stage-end']);
  });

  it('cuts a huge model-made tool id and call id in the message and details', async () => {
    const toolId = 't'.repeat(1_000_000);
    const provider = createScriptedProvider([[{ type: 'tool-call', callId: 'c'.repeat(1_000_000), toolId, argsDelta: '{}' }, { type: 'finish', reason: 'tool-calls' }]]);
    const error = await failure(runnerOf(provider).invoke({ input: 'x', stageId: 's', tools: [replyTool] }));
    expect(error).toMatchObject({ code: 'OUTPUT_INVALID', details: { reason: 'unknown-tool' } });
    expect(error.message.length).toBeLessThan(500);
    expect(JSON.stringify(error.details).length).toBeLessThan(1_000);
  });

  it('names the failing field of a discriminated union in tool arguments by the member its tag names', async () => {
    const act = {
      id: 'act',
      description: 'Act',
      parameters: Type.Object({
        action: Type.Union([Type.Object({ type: Type.Literal('search'), q: Type.String() }), Type.Object({ type: Type.Literal('open'), url: Type.String() })]),
      }),
    };
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'act', args: { action: { type: 'open', url: 5 } } }] }]);
    const error = await failure(runnerOf(provider).invoke({ input: 'x', stageId: 's', tools: [act] }));
    expect(error.message).toContain('arguments fail the schema at /action/url: must be string');
    expect(error.details).toMatchObject({ field: 'args', reason: 'schema', issues: [{ path: '/action/url', message: 'must be string' }] });
  });

  it('cuts a huge model-made argument key in the schema failure message and issues', async () => {
    const keyed = { id: 'keyed', description: 'k', parameters: Type.Object({}, { additionalProperties: Type.String() }) };
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'keyed', args: { ['k'.repeat(1_000_000)]: 1 } }] }]);
    const error = await failure(runnerOf(provider).invoke({ input: 'x', stageId: 's', tools: [keyed] }));
    expect(error).toMatchObject({ code: 'OUTPUT_INVALID', details: { reason: 'schema' } });
    expect(error.message.length).toBeLessThan(500);
    expect(JSON.stringify(error.details).length).toBeLessThan(1_000);
  });

  it('rejects a tool call in a plain-text stage with OUTPUT_INVALID', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'reply', args: { text: 'x' } }] }]);
    const error = await failure(runnerOf(provider).invoke({ input: 'x', stageId: 's' }));
    expect(error.code).toBe('OUTPUT_INVALID');
    expect(error.details).toMatchObject({ field: 'toolId', reason: 'unknown-tool', registered: [] });
  });

  it('rejects a call id that switches tools with OUTPUT_INVALID', async () => {
    const provider = createScriptedProvider([
      [
        { type: 'tool-call', callId: 'c', toolId: 'reply', argsDelta: '{' },
        { type: 'tool-call', callId: 'c', toolId: 'other', argsDelta: '}' },
      ],
    ]);
    const other = { id: 'other', description: '', parameters: Type.Object({}) };
    const error = await failure(runnerOf(provider).invoke({ input: 'x', stageId: 's', tools: [replyTool, other] }));
    expect(error.details).toMatchObject({ field: 'toolId', reason: 'tool-switch', callId: 'c' });
  });

  it('rejects arguments that are not JSON with OUTPUT_INVALID naming the call', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'reply', callId: 'c1', argsText: '{"text": "unterminated' }] }]);
    const error = await failure(runnerOf(provider).invoke({ input: 'x', stageId: 's', tools: [replyTool] }));
    expect(error.code).toBe('OUTPUT_INVALID');
    expect(error.details).toMatchObject({ field: 'args', reason: 'json', callId: 'c1', toolId: 'reply', issues: [{ path: '', message: expect.stringContaining('is not JSON') as string }] });
  });

  it('rejects arguments failing the schema with OUTPUT_INVALID carrying the schema issues', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'reply', callId: 'c1', args: { text: 7, count: 1.5 } }] }]);
    const error = await failure(runnerOf(provider).invoke({ input: 'x', stageId: 's', tools: [replyTool] }));
    expect(error.code).toBe('OUTPUT_INVALID');
    expect(error.details).toMatchObject({ field: 'args', reason: 'schema', callId: 'c1', toolId: 'reply' });
    const paths = (error.details.issues as { path: string }[]).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['/text', '/count']));
  });

  it('rejects arguments that are JSON but not an object with OUTPUT_INVALID', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'reply', argsText: '[1,2]' }] }]);
    const error = await failure(runnerOf(provider).invoke({ input: 'x', stageId: 's', tools: [replyTool] }));
    expect(error.details).toMatchObject({ reason: 'schema' });
  });

  it('rejects a tool stage whose arguments were cut off by the length limit, even when they parse', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'reply', callId: 'c1', args: { text: 'cut' } }], finish: 'length' }]);
    const error = await failure(runnerOf(provider).invoke({ input: 'x', stageId: 's', tools: [replyTool] }));
    expect(error.code).toBe('OUTPUT_INVALID');
    expect(error.details).toMatchObject({ reason: 'length', callIds: ['c1'] });
  });

  it('rejects a provider whose stream() does not return an async iterable with PROVIDER_FAILED', async () => {
    const provider = { stream: () => ['not', 'async'] } as unknown as ModelProvider;
    const error = await failure(runnerOf(provider).invoke({ input: 'x', stageId: 's' }));
    expect(error.code).toBe('PROVIDER_FAILED');
    expect(error.details).toMatchObject({ retryable: false });
  });

  it('rejects an iterator that returns a non-object result with PROVIDER_FAILED', async () => {
    const provider = {
      stream: () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve(42) }) }),
    } as unknown as ModelProvider;
    const error = await failure(runnerOf(provider).invoke({ input: 'x', stageId: 's' }));
    expect(error.code).toBe('PROVIDER_FAILED');
  });

  it('closes the provider iterator when the output is refused', async () => {
    let closed = false;
    const provider: ModelProvider = {
      async *stream() {
        try {
          yield { type: 'tool-call', callId: 'c', toolId: 'nope', argsDelta: '' };
          yield 'never reached';
        } finally {
          closed = true;
        }
      },
    };
    await failure(runnerOf(provider).invoke({ input: 'x', stageId: 's', tools: [replyTool] }));
    expect(closed).toBe(true);
  });
});
