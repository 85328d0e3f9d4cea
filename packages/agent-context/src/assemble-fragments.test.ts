import type { ContextFragment } from '@jangts/agent-types';
import { MAX_INPUT_ITEMS } from '@jangts/agent-types/internal';
import { describe, expect, it } from 'vitest';
import { question, refusal } from '../test/fragment-arbitraries.js';
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
    expect(() => assembleFragments([fragment('a', { value: '😀' }), fragment('b', { value: '你好' })], 5)).toThrow(refusal('INPUT_BUDGET'));
  });

  it('rejects input over maxInputChars, naming the total, the limit and the largest fragments', () => {
    const fragments = [
      fragment('small', { value: 'x' }),
      fragment('big', { value: 'x'.repeat(40) }),
      fragment('medium', { value: 'x'.repeat(20) }),
      fragment('large', { value: 'x'.repeat(30) }),
    ];
    expect(() => assembleFragments(fragments, 50)).toThrow(
      refusal('INPUT_BUDGET', {
        message:
          'assembleFragments: fragments assemble to 97 characters (UTF-16 code units), over maxInputChars (50); largest fragments: "big" (40), "large" (30), "medium" (20)',
        details: { field: 'fragments', path: '/fragments', rule: 'budget', limit: 50, actual: 97 },
      }),
    );
  });

  it.each([
    [0, 0],
    [1.5, 1.5],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    ['100', '100'],
  ] as const)('rejects maxInputChars %o with CONFIG_INVALID, giving it in details.actual as JSON holds it', (maxInputChars, actual) => {
    expect(() => assembleFragments([], maxInputChars as number)).toThrow(refusal('CONFIG_INVALID', { details: expect.objectContaining({ field: 'maxInputChars', actual }) }));
  });

  it('accepts input exactly at maxInputChars', () => {
    expect(assembleFragments([fragment('a', { value: 'abc' })], 3).inputChars).toBe(3);
  });

  it('rejects two fragments sharing an id, naming the second by index', () => {
    expect(() => assembleFragments([fragment('a'), fragment('b'), fragment('a', { value: 'again' })], 1000)).toThrow(
      refusal('FRAGMENT_DUPLICATE', {
        message: 'assembleFragments: fragments[2].id is "a", already the id of the fragment at index 0',
        details: { field: 'fragments[2].id', path: '/fragments/2/id', rule: 'duplicate', actual: 'a' },
      }),
    );
  });

  it('checks each fragment budget before the total', () => {
    expect(() => assembleFragments([fragment('a', { value: 'too long', maxChars: 3 })], 1)).toThrow(
      refusal('FRAGMENT_BUDGET', { message: 'assembleFragments: fragments[0].value is 8 characters (UTF-16 code units), over maxChars (3)' }),
    );
  });

  it('rejects user content in the system slot within an assembly', () => {
    expect(() => assembleFragments([fragment('ok'), fragment('escalate', { trust: 'tool', role: 'system', value: { injected: true } })], 1000)).toThrow(
      refusal('TRUST_VIOLATION', { details: expect.objectContaining({ field: 'fragments[1].role', path: '/fragments/1/role' }) }),
    );
  });

  it('names user or tool content in the system slot anywhere in the list before anything else wrong with the list', () => {
    const list = [{ ...fragment('a', { maxChars: 0 }), extra: true } as ContextFragment, fragment('a'), fragment('escalate', { trust: 'user', role: 'system', value: { f: () => 0 } })];
    expect(() => assembleFragments(list, 1000)).toThrow(refusal('TRUST_VIOLATION', { details: expect.objectContaining({ field: 'fragments[2].role' }) }));
  });

  it('checks every fragment\'s structure before the ids, and the ids before any value\'s JSON or budget', () => {
    expect(() => assembleFragments([fragment('a'), fragment('a'), fragment('c', { sourceId: '' })], 1000)).toThrow(
      refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ field: 'fragments[2].sourceId' }) }),
    );
    expect(() => assembleFragments([fragment('a', { value: { f: () => 0 } }), fragment('a')], 1000)).toThrow(refusal('FRAGMENT_DUPLICATE'));
    expect(() => assembleFragments([fragment('a', { maxChars: 1 }), fragment('b', { value: { f: () => 0 } })], 1000)).toThrow(refusal('FRAGMENT_BUDGET'));
  });

  it('names the index of an invalid fragment and the JSON path inside it', () => {
    expect(() => assembleFragments([fragment('a'), fragment('b', { value: { when: new Date(0) } })], 1000)).toThrow(
      refusal('FRAGMENT_INVALID', {
        message: 'assembleFragments: fragments[1].value.when must be a plain object (got a Date instance)',
        details: { field: 'fragments[1].value.when', path: '/fragments/1/value/when', rule: 'plain', actual: 'a Date instance' },
      }),
    );
  });

  it.each([
    [null, 'must be a list (got null)'],
    [undefined, 'is required'],
    ['fragments', 'must be a list (got "fragments")'],
    [{}, 'must be a list (got an object)'],
    [new Set(), 'must be a list (got a Set instance)'],
    [3, 'must be a list (got 3)'],
  ])('rejects %o as the fragment list', (fragments, problem) => {
    expect(() => assembleFragments(fragments as never, 1000)).toThrow(
      refusal('FRAGMENT_INVALID', { message: `assembleFragments: fragments ${problem}`, details: expect.objectContaining({ field: 'fragments', path: '/fragments' }) }),
    );
  });

  it('rejects a hole in the fragment list, and an undefined item as a fragment that is not a plain object', () => {
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    expect(() => assembleFragments([fragment('a'), , fragment('b')] as never, 1000)).toThrow(
      refusal('FRAGMENT_INVALID', { message: 'assembleFragments: fragments[1] is a hole in the list', details: { field: 'fragments[1]', path: '/fragments/1', rule: 'hole' } }),
    );
    expect(() => assembleFragments([fragment('a'), undefined, fragment('b')] as never, 1000)).toThrow(
      refusal('FRAGMENT_INVALID', { message: 'assembleFragments: fragments[1] must be a plain object (got undefined)' }),
    );
  });

  it('rejects a huge sparse fragment list by its length, without reading or copying it', () => {
    // Copied slot by slot, this list would exhaust memory and abort the process.
    expect(() => assembleFragments(new Array(2 ** 32 - 1) as never, 10)).toThrow(
      refusal('FRAGMENT_INVALID', { details: { field: 'fragments', path: '/fragments', rule: 'size', limit: MAX_INPUT_ITEMS } }),
    );
    const tail = [fragment('a')];
    tail.length = 2 ** 32 - 1;
    expect(() => assembleFragments(tail, 1000)).toThrow(refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ field: 'fragments', rule: 'size' }) }));
  });

  it('turns a fragment list proxy that throws into FRAGMENT_INVALID', () => {
    const fragments = new Proxy([fragment('a')], {
      get: () => {
        throw new Error('no');
      },
    });
    expect(() => assembleFragments(fragments, 1000)).toThrow(refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ field: 'fragments', rule: 'readable' }) }));
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '100', null, undefined])(
    'rejects %o as maxInputChars before looking at the fragments',
    (maxInputChars) => {
      expect(() => assembleFragments(null as never, maxInputChars as never)).toThrow(
        refusal('CONFIG_INVALID', {
          message: expect.stringMatching(/^assembleFragments: maxInputChars (must be an integer from 1 to 9007199254740991 \(got .+\)|is required)$/) as unknown,
          details: expect.objectContaining({ field: 'maxInputChars', path: '/maxInputChars' }),
        }),
      );
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
    expect(() => assembleFragments([fragment('a'), fragment('b')], 1000)).toThrow(refusal('INPUT_BUDGET', { details: expect.objectContaining({ rule: 'budget', actual: 2 ** 29 + 2 }) }));
  });

  it('refuses with INPUT_BUDGET a total within maxInputChars that no string can hold', () => {
    expect(() => assembleFragments([fragment('a'), fragment('b')], 2 ** 31)).toThrow(
      refusal('INPUT_BUDGET', { details: expect.objectContaining({ field: 'fragments', rule: 'engine-string-length', limit: 2 ** 31, actual: 2 ** 29 + 2 }), cause: expect.any(RangeError) }),
    );
  });
});
