import { AgentCoreError, type ProviderRequest } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { createScriptedProvider, type ScriptedStep } from './scripted.js';

const request = (content: string): ProviderRequest => ({ stageId: 's', messages: [{ role: 'user', content }], tools: [] });

async function collect(iterable: AsyncIterable<unknown>): Promise<unknown[]> {
  const chunks: unknown[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

function configError(steps: unknown, options?: unknown): unknown {
  try {
    createScriptedProvider(steps as ScriptedStep[], options as never);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('createScriptedProvider', () => {
  const signal = new AbortController().signal;

  it('streams when called directly without its options argument (no signal to follow)', async () => {
    const provider = createScriptedProvider(['hi']);
    const stream = (provider.stream as (request: ProviderRequest) => AsyncIterable<unknown>)(request('x'));
    expect((await collect(stream)).length).toBeGreaterThan(0);
  });

  it('replays one step per call, in order, and records every request', async () => {
    const provider = createScriptedProvider(['first', 'second']);
    expect(provider.remaining).toBe(2);
    expect(await collect(provider.stream(request('a'), { signal }))).toEqual(['first', { type: 'finish', reason: 'stop' }]);
    expect(await collect(provider.stream(request('b'), { signal }))).toEqual(['second', { type: 'finish', reason: 'stop' }]);
    expect(provider.requests).toEqual([request('a'), request('b')]);
    expect(provider.remaining).toBe(0);
    expect(provider.id).toBe('scripted');
  });

  it('expands a reply into text, tool-call argument pieces and a finish with usage', async () => {
    const provider = createScriptedProvider([
      { text: 'abcde', toolCalls: [{ toolId: 'reply', args: { t: 'x' } }, { toolId: 'ping', callId: 'p' }], usage: { outputTokens: 4 }, chunkSize: 3 },
    ]);
    expect(await collect(provider.stream(request('a'), { signal }))).toEqual([
      'abc',
      'de',
      { type: 'tool-call', callId: 'call_1_1', toolId: 'reply', argsDelta: '{"t' },
      { type: 'tool-call', callId: 'call_1_1', toolId: 'reply', argsDelta: '":"' },
      { type: 'tool-call', callId: 'call_1_1', toolId: 'reply', argsDelta: 'x"}' },
      { type: 'tool-call', callId: 'p', toolId: 'ping', argsDelta: '{}' },
      { type: 'finish', reason: 'tool-calls', usage: { outputTokens: 4 } },
    ]);
  });

  it('never splits a surrogate pair when chunking', async () => {
    const provider = createScriptedProvider([{ text: 'a😀b', chunkSize: 2 }]);
    expect(await collect(provider.stream(request('a'), { signal }))).toEqual(['a😀', 'b', { type: 'finish', reason: 'stop' }]);
  });

  it('streams raw argument text and an explicit finish reason as scripted', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'reply', callId: 'c', argsText: '' }], finish: 'length' }]);
    expect(await collect(provider.stream(request('a'), { signal }))).toEqual([
      { type: 'tool-call', callId: 'c', toolId: 'reply', argsDelta: '' },
      { type: 'finish', reason: 'length' },
    ]);
  });

  it('replays a list of chunks exactly, without adding a finish or checking them', async () => {
    const provider = createScriptedProvider([['a', 42, { type: 'text', text: 'b' }] as never]);
    expect(await collect(provider.stream(request('a'), { signal }))).toEqual(['a', 42, { type: 'text', text: 'b' }]);
  });

  it('replays a thenable chunk or a revoked proxy as it is, never awaiting or reading it', async () => {
    const thenable = {
      then: () => {
        throw new Error('then was called');
      },
    };
    const { proxy: revoked, revoke } = Proxy.revocable({}, {});
    revoke();
    const provider = createScriptedProvider([[thenable, revoked] as never]);
    const chunks = await collect(provider.stream(request('a'), { signal }));
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toBe(thenable);
    expect(chunks[1]).toBe(revoked);
  });

  it('yields the chunks of a failure step, then throws its error as is', async () => {
    const error = new Error('boom');
    const provider = createScriptedProvider([{ after: ['par'], error }]);
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const chunk of provider.stream(request('a'), { signal })) seen.push(chunk);
      })(),
    ).rejects.toBe(error);
    expect(seen).toEqual(['par']);
  });

  it('records a deep copy taken at call time: changing the request afterwards changes no record', async () => {
    const provider = createScriptedProvider(['ok']);
    const sent = { stageId: 's', messages: [{ role: 'user' as const, content: 'a' }], tools: [{ id: 't', description: 'T', parameters: { type: 'object' } }] };
    const stream = provider.stream(sent, { signal });
    sent.messages[0]!.content = 'edited';
    sent.messages.push({ role: 'user', content: 'pushed' });
    (sent.tools[0]!.parameters as Record<string, unknown>).type = 'string';
    await collect(stream);
    expect(provider.requests[0]).toEqual({ stageId: 's', messages: [{ role: 'user', content: 'a' }], tools: [{ id: 't', description: 'T', parameters: { type: 'object' } }] });
  });

  it('hands out deeply frozen records: a reader cannot change what is stored', async () => {
    const provider = createScriptedProvider(['ok']);
    await collect(provider.stream(request('a'), { signal }));
    const [record] = provider.requests as ProviderRequest[];
    expect(Object.isFrozen(record)).toBe(true);
    expect(Object.isFrozen(record!.messages)).toBe(true);
    expect(Object.isFrozen(record!.messages[0])).toBe(true);
    expect(() => (record!.messages as unknown[]).push({ role: 'user', content: 'x' })).toThrow(TypeError);
    expect(() => {
      (record!.messages[0] as { content: string }).content = 'edited';
    }).toThrow(TypeError);
    (provider.requests as ProviderRequest[]).push(request('outer'));
    expect(provider.requests).toEqual([request('a')]);
  });

  it('gives a function step the request as passed, and records what was sent, not what the step changed', async () => {
    const provider = createScriptedProvider([
      (received) => {
        (received.messages[0] as { content: string }).content = 'changed by the step';
        return 'ok';
      },
    ]);
    await collect(provider.stream(request('a'), { signal }));
    expect(provider.requests).toEqual([request('a')]);
  });

  it('records a request holding a cycle or a BigInt (structured data, not only JSON), frozen', async () => {
    const args: Record<string, unknown> = { n: 1n };
    args.self = args;
    const provider = createScriptedProvider(['ok']);
    await collect(provider.stream({ stageId: 's', messages: [{ role: 'assistant', content: '', toolCalls: [{ callId: 'c', toolId: 't', args }] }], tools: [] }, { signal }));
    const recorded = (provider.requests[0]!.messages[0] as unknown as { toolCalls: { args: Record<string, unknown> }[] }).toolCalls[0]!.args;
    expect(recorded).not.toBe(args);
    expect(recorded.self).toBe(recorded);
    expect(recorded.n).toBe(1n);
    expect(Object.isFrozen(recorded)).toBe(true);
  });

  it.each([
    ['a function inside', { stageId: 's', messages: [], tools: [{ id: 't', description: 'T', parameters: { check: () => true } }] }],
    ['a typed array inside (it cannot be frozen)', { stageId: 's', messages: [], tools: [{ id: 't', description: 'T', parameters: { bytes: new Uint8Array(1) } }] }],
    ['a typed array for the request', new Uint8Array(1)],
  ])('refuses a request it cannot record (%s) with INPUT_INVALID naming request, thrown by stream itself', (_, sent) => {
    const provider = createScriptedProvider(['ok']);
    expect(() => provider.stream(sent as never, { signal })).toThrow(expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field: 'request' }) }));
    expect(provider.requests).toEqual([]);
    expect(provider.remaining).toBe(1);
  });

  it('calls a function step with the request and the 1-based call number', async () => {
    const provider = createScriptedProvider([(received, call) => `${received.messages[0]?.content ?? ''} #${call}`]);
    expect(await collect(provider.stream(request('echo'), { signal }))).toEqual(['echo #1', { type: 'finish', reason: 'stop' }]);
  });

  it('rejects an invalid result of a function step with CONFIG_INVALID when called', async () => {
    const provider = createScriptedProvider([() => ({ text: 1 }) as never]);
    await expect(collect(provider.stream(request('a'), { signal }))).rejects.toMatchObject({ code: 'CONFIG_INVALID', details: { field: 'steps[0].text' } });
  });

  it('throws PROVIDER_FAILED, not retryable, when the steps run out', async () => {
    const provider = createScriptedProvider(['only']);
    await collect(provider.stream(request('a'), { signal }));
    const error: unknown = await collect(provider.stream(request('b'), { signal })).catch((reason: unknown) => reason);
    expect(AgentCoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false, reason: 'steps-exhausted', call: 2, steps: 1 } });
    expect(provider.requests).toHaveLength(2);
  });

  it('stops at once when the signal aborts, also during a chunk delay', async () => {
    const controller = new AbortController();
    const provider = createScriptedProvider([{ text: 'abcdef', chunkSize: 1 }], { chunkDelayMs: 1_000_000 });
    const iterator = provider.stream(request('a'), { signal: controller.signal })[Symbol.asyncIterator]();
    const pending = iterator.next();
    controller.abort();
    expect(await pending).toEqual({ done: true, value: undefined });
  });

  it('names the range and the value of a bad chunk size or chunk delay', () => {
    expect(configError([{ text: 'x', chunkSize: 0 }], undefined)).toMatchObject({
      message: 'createScriptedProvider: steps[0].chunkSize must be an integer from 1 to 9007199254740991 (got 0)',
      details: { field: 'steps[0].chunkSize', rule: 'range', limit: 1, actual: 0 },
    });
    expect(configError([], { chunkDelayMs: 2 ** 31 })).toMatchObject({ details: { field: 'options.chunkDelayMs', rule: 'range', limit: 2 ** 31 - 1, actual: 2 ** 31 } });
  });

  it.each<[string, unknown, unknown, string]>([
    ['steps that are not a list', 'hi', undefined, 'steps'],
    ['a step of the wrong type', [42], undefined, 'steps[0]'],
    ['an unknown reply field', [{ txt: 'hi' }], undefined, 'steps[0].txt'],
    ['a non-string text', [{ text: 1 }], undefined, 'steps[0].text'],
    ['an unknown finish reason', [{ finish: 'done' }], undefined, 'steps[0].finish'],
    ['a zero chunk size', [{ text: 'x', chunkSize: 0 }], undefined, 'steps[0].chunkSize'],
    ['tool calls that are not a list', [{ toolCalls: {} }], undefined, 'steps[0].toolCalls'],
    ['a tool call without a tool id', [{ toolCalls: [{ args: {} }] }], undefined, 'steps[0].toolCalls[0].toolId'],
    ['non-JSON tool arguments', [{ toolCalls: [{ toolId: 't', args: { f: () => 1 } }] }], undefined, 'steps[0].toolCalls[0].args.f'],
    ['both args and argsText', [{ toolCalls: [{ toolId: 't', args: {}, argsText: '{}' }] }], undefined, 'steps[0].toolCalls[0].argsText'],
    ['a negative token count', [{ text: 'x', usage: { inputTokens: -1 } }], undefined, 'steps[0].usage.inputTokens'],
    ['usage that is a Date', [{ text: 'x', usage: new Date(0) }], undefined, 'steps[0].usage'],
    ['an unknown usage field', [{ text: 'x', usage: { inputTokens: 1, totalTokens: 2 } }], undefined, 'steps[0].usage.totalTokens'],
    ['an unknown failure field', [{ error: 'x', retry: true }], undefined, 'steps[0].retry'],
    ['failure chunks that are not a list', [{ error: 'x', after: 'a' }], undefined, 'steps[0].after'],
    ['an unknown option', [], { delay: 1 }, 'options.delay'],
    ['an empty id', [], { id: '' }, 'options.id'],
    ['a negative chunk delay', [], { chunkDelayMs: -1 }, 'options.chunkDelayMs'],
  ])('rejects %s with CONFIG_INVALID naming the field', (_name, steps, options, field) => {
    expect(configError(steps, options)).toMatchObject({ code: 'CONFIG_INVALID', details: { field } });
  });
});
