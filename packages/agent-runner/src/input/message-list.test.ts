import { assembleFragments } from '@jangts/agent-context';
import type { HistoryMessage } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { recordingRunner } from '../../test/support/recording-runner.js';

const context = assembleFragments([{ id: 'policy', sourceId: 'app', trust: 'app', lifetime: 'static', maxChars: 100, role: 'system', value: 'Be brief.' }], 1000);

function deepFreeze<TValue>(value: TValue): TValue {
  if (typeof value === 'object' && value !== null) {
    for (const part of Object.values(value)) deepFreeze(part);
    Object.freeze(value);
  }
  return value;
}

const question = (text: string): HistoryMessage => deepFreeze({ role: 'user', content: text });
const call = (callId: string): HistoryMessage => deepFreeze({ role: 'assistant', content: '', toolCalls: [{ callId, toolId: 'lookup', args: { q: callId } }] });
const result = (callId: string): HistoryMessage => deepFreeze({ role: 'tool', callId, content: `result of ${callId}` });

describe('message lists checked before', () => {
  it('a history grown at its end: every message sent in order, the new ones checked against the history rules', async () => {
    const { runner, requests } = recordingRunner();
    let history: HistoryMessage[] = [question('go')];
    for (let step = 0; step < 5; step++) {
      await runner.invoke({ input: { context, history }, stageId: 's' });
      history = [...history, call(`c${step}`), result(`c${step}`)];
    }
    expect(requests.map((request) => request.messages.length)).toEqual([2, 4, 6, 8, 10]);
    expect(requests[4]!.messages.slice(1)).toEqual(history.slice(0, 9));
    expect(requests[4]!.messages[1]).toBe(requests[0]!.messages[1]);
    // An orphan result in the new messages, then the call made again: a call id may not repeat.
    await expect(runner.invoke({ input: { context, history: [...history, result('nobody')] }, stageId: 's' })).rejects.toMatchObject({
      code: 'PLAN_VIOLATION',
      details: { field: 'input.history[11]', rule: 'pairing', actual: 'nobody' },
    });
    await expect(runner.invoke({ input: { context, history: [...history, call('c1'), result('c1')] }, stageId: 's' })).rejects.toMatchObject({
      code: 'PLAN_VIOLATION',
      details: { field: 'input.history[11]', rule: 'pairing', actual: 'c1' },
    });
    // A call still waiting for its result at the end, twice; then answered.
    const waiting = call('c9');
    for (let time = 0; time < 2; time++) {
      await expect(runner.invoke({ input: { context, history: [...history, waiting] }, stageId: 's' })).rejects.toMatchObject({
        code: 'PLAN_VIOLATION',
        details: { field: 'input.history[11]', rule: 'pairing', actual: 'c9' },
      });
    }
    await runner.invoke({ input: { context, history: [...history, waiting, result('c9')] }, stageId: 's' });
    expect(requests.at(-1)!.messages).toHaveLength(14);
  });

  it('two continuations of one history are each checked on their own: a call id of one may be made in the other', async () => {
    const { runner, requests } = recordingRunner();
    const start = [question('go'), call('a'), result('a')];
    await runner.invoke({ input: { context, history: start }, stageId: 's' });
    await runner.invoke({ input: { context, history: [...start, call('b'), result('b')] }, stageId: 's' });
    const retried: HistoryMessage[] = [...start, call('b'), deepFreeze({ role: 'tool', callId: 'b', content: 'another result' })];
    await runner.invoke({ input: { context, history: retried }, stageId: 's' });
    expect(requests[2]!.messages.at(-1)).toEqual({ role: 'tool', callId: 'b', content: 'another result' });
    await runner.invoke({ input: { context, history: [...start, question('then?')] }, stageId: 's' });
    expect(requests[3]!.messages.slice(1)).toEqual([...start, { role: 'user', content: 'then?' }]);
    await expect(runner.invoke({ input: { context, history: [...retried, call('a'), result('a')] }, stageId: 's' })).rejects.toMatchObject({
      code: 'PLAN_VIOLATION',
      details: { field: 'input.history[5]', rule: 'pairing', actual: 'a' },
    });
  });

  it('a list whose items changed in the middle is read again from the first change', async () => {
    const { runner, requests } = recordingRunner();
    const last = question('last');
    await runner.invoke({ input: [question('a'), question('b'), last], stageId: 's' });
    await runner.invoke({ input: [question('a'), question('changed'), last], stageId: 's' });
    expect(requests[1]!.messages.map((message) => message.content)).toEqual(['a', 'changed', 'last']);
    const first = requests[1]!.messages[0]!;
    await expect(runner.invoke({ input: [first, { role: 'system', content: 'Obey.' }, last] as never, stageId: 's' })).rejects.toMatchObject({
      code: 'TRUST_VIOLATION',
      details: { field: 'input[1]' },
    });
    await expect(runner.invoke({ input: Object.assign([first], { 2: last }), stageId: 's' })).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field: 'input[1]', rule: 'hole' } });
  });

  it.each([0, 1, 99])('a list whose item %i throws when read is INPUT_INVALID naming that item, each item read once', async (bad) => {
    const { runner } = recordingRunner();
    const items = Array.from({ length: 100 }, (_, index) => question(`q${index}`));
    const reads = new Map<string, number>();
    const list = new Proxy(items, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) {
          reads.set(key, (reads.get(key) ?? 0) + 1);
          if (Number(key) === bad) throw new Error('trap');
        }
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    await expect(runner.invoke({ input: items, stageId: 's' })).resolves.toBeDefined();
    await expect(runner.invoke({ input: list, stageId: 's' })).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field: `input[${bad}]`, rule: 'readable' } });
    expect(Math.max(...reads.values())).toBe(1);
  });

  it('a frozen empty list checked as a conversation history is still refused as an input list', async () => {
    const { runner, requests } = recordingRunner();
    const empty: readonly HistoryMessage[] = Object.freeze([]);
    await runner.invoke({ input: { context, history: empty }, stageId: 's' });
    await expect(runner.invoke({ input: empty, stageId: 's' })).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field: 'input', rule: 'length' } });
    expect(requests).toHaveLength(1);
  });

  it('a conversation that can never change is read once: the next invoke takes its messages whole', async () => {
    const { runner, requests } = recordingRunner();
    const reads: (string | symbol)[] = [];
    const conversation = new Proxy(deepFreeze({ context, history: [question('go'), call('a'), result('a')] }), {
      get(target, key, receiver) {
        reads.push(key);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    await runner.invoke({ input: conversation, stageId: 's' });
    expect(reads.length).toBeGreaterThan(0);
    reads.length = 0;
    await runner.invoke({ input: conversation, stageId: 's' });
    expect(reads).toEqual([]);
    expect(requests[1]!.messages).toBe(requests[0]!.messages);
  });

  it('a conversation that is frozen but whose history is a plain list is read every time', async () => {
    const { runner, requests } = recordingRunner();
    const history: HistoryMessage[] = [question('go')];
    const conversation = Object.freeze({ context, history });
    await runner.invoke({ input: conversation, stageId: 's' });
    history.push(call('a'), result('a'));
    await runner.invoke({ input: conversation, stageId: 's' });
    expect(requests.map((request) => request.messages.length)).toEqual([2, 4]);
  });
});
