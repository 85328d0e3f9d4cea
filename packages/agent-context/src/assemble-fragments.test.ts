import type { ContextFragment } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { expectAgentCoreError, question } from '../test/fragment-arbitraries.js';
import { assembleFragments } from './assemble-fragments.js';

const fragment = (id: string, overrides: Partial<Record<keyof ContextFragment, unknown>> = {}): ContextFragment =>
  question({ id, sourceId: `source-${id}`, value: `text of ${id}`, ...overrides });

describe('assembleFragments', () => {
  it('puts the system message first and the user message second, each in input order', () => {
    const input = assembleFragments(
      [
        fragment('u1'),
        fragment('s1', { trust: 'system', role: 'system', lifetime: 'static' }),
        fragment('u2', { value: { facts: [1, 2] } }),
        fragment('s2', { trust: 'app', role: 'system', lifetime: 'session' }),
      ],
      10_000,
    );
    expect(input.messages).toEqual([
      { role: 'system', content: 'text of s1\n\ntext of s2', fragmentIds: ['s1', 's2'] },
      { role: 'user', content: 'text of u1\n\n{"facts":[1,2]}', fragmentIds: ['u1', 'u2'] },
    ]);
    expect(input.inputChars).toBe('text of s1\n\ntext of s2'.length + 'text of u1\n\n{"facts":[1,2]}'.length);
  });

  it('lists one usage row per fragment in input order', () => {
    const input = assembleFragments(
      [fragment('u1', { lifetime: 'call', maxChars: 50 }), fragment('s1', { trust: 'system', role: 'system', lifetime: 'static' })],
      10_000,
    );
    expect(input.fragmentUsage).toEqual([
      { id: 'u1', sourceId: 'source-u1', trust: 'user', lifetime: 'call', role: 'user', chars: 10, maxChars: 50 },
      { id: 's1', sourceId: 'source-s1', trust: 'system', lifetime: 'static', role: 'system', chars: 10, maxChars: 1000 },
    ]);
  });

  it('gives a role without fragments no message', () => {
    expect(assembleFragments([fragment('s1', { trust: 'app', role: 'system' })], 100).messages).toEqual([
      { role: 'system', content: 'text of s1', fragmentIds: ['s1'] },
    ]);
    expect(assembleFragments([fragment('u1')], 100).messages.map((message) => message.role)).toEqual(['user']);
  });

  it('assembles an empty list to no messages and zero chars', () => {
    expect(assembleFragments([], 1)).toEqual({ messages: [], fragmentUsage: [], inputChars: 0 });
  });

  it('keeps a message for a role whose only fragment is an empty string', () => {
    expect(assembleFragments([fragment('u1', { value: '' })], 1).messages).toEqual([{ role: 'user', content: '', fragmentIds: ['u1'] }]);
  });

  it('declares lifetime as metadata only: it never changes the assembly', () => {
    const lifetimes = ['static', 'session', 'turn', 'call'] as const;
    const assembled = lifetimes.map((lifetime) => assembleFragments([fragment('u1', { lifetime }), fragment('u2')], 100).messages);
    for (const messages of assembled) expect(messages).toEqual(assembled[0]);
  });

  it('counts separators and UTF-16 code units in inputChars', () => {
    const input = assembleFragments([fragment('a', { value: '😀' }), fragment('b', { value: '你好' })], 6);
    expect(input.messages[0]?.content).toBe('😀\n\n你好');
    expect(input.inputChars).toBe(6);
    expectAgentCoreError(() => assembleFragments([fragment('a', { value: '😀' }), fragment('b', { value: '你好' })], 5), 'INPUT_BUDGET');
  });

  it('rejects input over maxInputChars, naming the total, the limit and the largest fragments', () => {
    const fragments = [
      fragment('small', { value: 'x' }),
      fragment('big', { value: 'x'.repeat(40) }),
      fragment('medium', { value: 'x'.repeat(20) }),
      fragment('large', { value: 'x'.repeat(30) }),
    ];
    const error = expectAgentCoreError(() => assembleFragments(fragments, 50), 'INPUT_BUDGET');
    expect(error.message).toBe(
      'assembled input is 97 chars (UTF-16 code units), over maxInputChars 50; largest fragments: "big" (40), "large" (30), "medium" (20)',
    );
    expect(error.details).toEqual({
      field: 'maxInputChars',
      path: 'maxInputChars',
      rule: 'max-input-chars',
      limit: 50,
      actual: 97,
      largestFragments: [
        { id: 'big', chars: 40 },
        { id: 'large', chars: 30 },
        { id: 'medium', chars: 20 },
      ],
    });
  });

  it.each([
    [0, 0],
    [1.5, 1.5],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    ['100', '100'],
  ] as const)('rejects maxInputChars %o with CONFIG_INVALID, giving it in details.actual as JSON holds it', (maxInputChars, actual) => {
    expect(() => assembleFragments([], maxInputChars as number)).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field: 'maxInputChars', actual }) as unknown }) as Error);
  });

  it('accepts input exactly at maxInputChars', () => {
    expect(assembleFragments([fragment('a', { value: 'abc' })], 3).inputChars).toBe(3);
  });

  it('rejects two fragments sharing an id, naming the second by index', () => {
    const error = expectAgentCoreError(() => assembleFragments([fragment('a'), fragment('b'), fragment('a', { value: 'again' })], 1000), 'FRAGMENT_DUPLICATE');
    expect(error.message).toBe('fragments[2] "a": id "a" is already used by another fragment');
    expect(error.details).toMatchObject({ fragmentId: 'a', list: 'fragments', index: 2, rule: 'unique-id' });
  });

  it('checks each fragment budget before the total', () => {
    const error = expectAgentCoreError(() => assembleFragments([fragment('a', { value: 'too long', maxChars: 3 })], 1), 'FRAGMENT_BUDGET');
    expect(error.message).toBe('fragments[0] "a": its text is 8 chars (UTF-16 code units), over maxChars 3');
  });

  it('rejects user content in the system slot within an assembly', () => {
    const error = expectAgentCoreError(
      () => assembleFragments([fragment('ok'), fragment('escalate', { trust: 'tool', role: 'system', value: { injected: true } })], 1000),
      'TRUST_VIOLATION',
    );
    expect(error.details).toMatchObject({ fragmentId: 'escalate', index: 1 });
  });

  it('names the index of an invalid fragment and the JSON path inside it', () => {
    const error = expectAgentCoreError(() => assembleFragments([fragment('a'), fragment('b', { value: { when: new Date(0) } })], 1000), 'FRAGMENT_INVALID');
    expect(error.message).toBe('fragments[1] "b": value.when is a Date instance; a record holds only plain objects and arrays');
    expect(error.details).toEqual({ fragmentId: 'b', list: 'fragments', index: 1, field: 'value', path: 'value.when', rule: 'plain-json' });
  });

  it.each([null, undefined, 'fragments', {}, new Set(), 3])('rejects %o as the fragment list', (fragments) => {
    const error = expectAgentCoreError(() => assembleFragments(fragments as never, 1000), 'FRAGMENT_INVALID');
    expect(error.message).toMatch(/^fragments must be an array of fragments, got /);
  });

  it('rejects a hole in the fragment list as a fragment that is not a plain object', () => {
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    const error = expectAgentCoreError(() => assembleFragments([fragment('a'), , fragment('b')] as never, 1000), 'FRAGMENT_INVALID');
    expect(error.message).toBe('fragments[1]: a fragment must be a plain object, got undefined');
  });

  it('rejects a huge sparse fragment list at its first hole without copying it', () => {
    // Copied slot by slot, this list would exhaust memory and abort the process.
    const error = expectAgentCoreError(() => assembleFragments(new Array(2 ** 32 - 1) as never, 10), 'FRAGMENT_INVALID');
    expect(error.details).toMatchObject({ list: 'fragments', index: 0 });
    const tail = [fragment('a')];
    tail.length = 2 ** 32 - 1;
    expect(expectAgentCoreError(() => assembleFragments(tail, 1000), 'FRAGMENT_INVALID').details).toMatchObject({ list: 'fragments', index: 1 });
  });

  it('turns a fragment list proxy that throws into FRAGMENT_INVALID', () => {
    const fragments = new Proxy([fragment('a')], {
      get: () => {
        throw new Error('no');
      },
    });
    expectAgentCoreError(() => assembleFragments(fragments, 1000), 'FRAGMENT_INVALID');
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '100', null, undefined])(
    'rejects %o as maxInputChars before looking at the fragments',
    (maxInputChars) => {
      const error = expectAgentCoreError(() => assembleFragments(null as never, maxInputChars as never), 'CONFIG_INVALID');
      expect(error.message).toMatch(/^maxInputChars must be a positive safe integer \(1 to 9007199254740991\), got /);
      expect(error.details).toMatchObject({ field: 'maxInputChars', rule: 'positive-safe-integer' });
    },
  );

  it('reads each fragment once even when the list is read through a proxy', () => {
    let reads = 0;
    const list = new Proxy([fragment('a')], {
      get(target, key, receiver) {
        if (key === '0') reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    assembleFragments(list, 1000);
    expect(reads).toBe(1);
  });
});

describe('assembleFragments at the engine string limit', () => {
  const huge = 'x'.repeat(2 ** 28); // a rope: cheap to make, 268 million characters long
  const fragment = (id: string) => ({ id, sourceId: 's', trust: 'user' as const, lifetime: 'turn' as const, maxChars: 2 ** 30, role: 'user' as const, value: huge });

  it('refuses a total over maxInputChars before joining any text', () => {
    expect(() => assembleFragments([fragment('a'), fragment('b')], 1000)).toThrow(
      expect.objectContaining({ code: 'INPUT_BUDGET', details: expect.objectContaining({ rule: 'max-input-chars', actual: 2 ** 29 + 2 }) as object }) as Error,
    );
  });

  it('refuses with INPUT_BUDGET a total within maxInputChars that no string can hold', () => {
    expect(() => assembleFragments([fragment('a'), fragment('b')], 2 ** 31)).toThrow(
      expect.objectContaining({ code: 'INPUT_BUDGET', details: expect.objectContaining({ rule: 'engine-string-length', limit: 2 ** 31, actual: 2 ** 29 + 2 }) as object }) as Error,
    );
  });
});
