import { assembleContextPlan, assembleFragments, validateContextFragment } from '@jangts/agent-core';
import * as contextEntry from '@jangts/agent-core/context';
import * as contextPackage from '@jangts/agent-context';
import type { ContextFragment } from '@jangts/agent-core/types';
import { describe, expect, it } from 'vitest';
import { caughtSync, systemFragment, userFragment, detail } from './support.js';

// SPEC §3: validateContextFragment(fragment, ids?, checkBudget = true): string
describe('validateContextFragment (SPEC §3)', () => {
  it('is the same function at the umbrella root, /context, /types and the package root', async () => {
    const typesEntry = await import('@jangts/agent-core/types');
    expect(contextEntry.validateContextFragment).toBe(validateContextFragment);
    expect(contextPackage.validateContextFragment).toBe(validateContextFragment);
    expect((typesEntry as Record<string, unknown>)['validateContextFragment']).toBe(validateContextFragment);
  });

  it('returns the string value itself', () => {
    expect(validateContextFragment(userFragment({ value: 'abc' }))).toBe('abc');
  });

  it('returns JSON.stringify of a record value', () => {
    const value = { plan: 'pro', seats: 3, nested: { list: [1, 'two', null, true] } };
    expect(validateContextFragment(userFragment({ value }))).toBe(JSON.stringify(value));
  });

  it('refuses an unknown field with FRAGMENT_INVALID, naming it', () => {
    const error = caughtSync(() => validateContextFragment({ ...userFragment(), extra: 1 } as unknown as ContextFragment));
    expect(error.code).toBe('FRAGMENT_INVALID');
    expect(error.message).toContain('extra');
    expect(detail(error, 'field')).toContain('extra');
  });

  it('refuses a missing field with FRAGMENT_INVALID, naming it', () => {
    const { sourceId: _sourceId, ...rest } = userFragment();
    const error = caughtSync(() => validateContextFragment(rest as unknown as ContextFragment));
    expect(error.code).toBe('FRAGMENT_INVALID');
    expect(detail(error, 'field')).toContain('sourceId');
  });

  it.each([null, 'text', 3, [], new Date(0), new Map()])('refuses a fragment that is not a plain object (%s)', (fragment) => {
    expect(caughtSync(() => validateContextFragment(fragment as unknown as ContextFragment)).code).toBe('FRAGMENT_INVALID');
  });

  it.each(['a', 'a:b.c_d-e', 'aB9', 'x.y:z'])('accepts the id %s', (id) => {
    expect(validateContextFragment(userFragment({ id }))).toBe('hello');
  });

  it.each(['', 'A', '1a', '-a', 'a b', 'a/b', 'é', ':a', 'a\n'])('refuses the id %j', (id) => {
    const error = caughtSync(() => validateContextFragment(userFragment({ id })));
    expect(error.code).toBe('FRAGMENT_INVALID');
    expect(detail(error, 'field')).toContain('id');
  });

  it('adds the id to the set, and refuses an id already in it with FRAGMENT_DUPLICATE', () => {
    const ids = new Set<string>();
    validateContextFragment(userFragment({ id: 'first' }), ids);
    expect([...ids]).toEqual(['first']);
    const error = caughtSync(() => validateContextFragment(userFragment({ id: 'first' }), ids));
    expect(error.code).toBe('FRAGMENT_DUPLICATE');
    expect(error.message).toContain('first');
  });

  it('refuses an empty sourceId', () => {
    expect(caughtSync(() => validateContextFragment(userFragment({ sourceId: '' }))).code).toBe('FRAGMENT_INVALID');
  });

  it.each([
    ['trust', 'admin'],
    ['lifetime', 'forever'],
    ['role', 'assistant'],
    ['role', 'tool'],
  ])('refuses %s outside its union (%s)', (field, value) => {
    const error = caughtSync(() => validateContextFragment(userFragment({ [field]: value })));
    expect(error.code).toBe('FRAGMENT_INVALID');
    expect(detail(error, 'field')).toContain(field);
  });

  it.each(['system', 'app', 'user', 'tool'] as const)('accepts trust %s in the user slot', (trust) => {
    expect(validateContextFragment(userFragment({ trust }))).toBe('hello');
  });

  it.each(['static', 'session', 'turn', 'call'] as const)('accepts lifetime %s', (lifetime) => {
    expect(validateContextFragment(userFragment({ lifetime }))).toBe('hello');
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '10'])('refuses maxChars %s', (maxChars) => {
    const error = caughtSync(() => validateContextFragment(userFragment({ maxChars: maxChars as number })));
    expect(error.code).toBe('FRAGMENT_INVALID');
    expect(detail(error, 'field')).toContain('maxChars');
  });

  it('accepts maxChars at Number.MAX_SAFE_INTEGER', () => {
    expect(validateContextFragment(userFragment({ maxChars: Number.MAX_SAFE_INTEGER }))).toBe('hello');
  });

  it.each([
    ['an array', [1, 2]],
    ['null', null],
    ['a number', 3],
    ['a boolean', true],
    ['undefined', undefined],
  ])('refuses a value that is %s', (_name, value) => {
    expect(caughtSync(() => validateContextFragment(userFragment({ value: value as never }))).code).toBe('FRAGMENT_INVALID');
  });

  const cyclic: Record<string, unknown> = { a: {} };
  (cyclic['a'] as Record<string, unknown>)['back'] = cyclic;
  it.each([
    ['a function', { a: { f: () => 1 } }, 'a'],
    ['a symbol', { a: Symbol('s') }, 'a'],
    ['undefined', { a: { b: undefined } }, 'a'],
    ['a BigInt', { n: 1n }, 'n'],
    ['NaN', { list: [1, Number.NaN] }, 'list'],
    ['Infinity', { x: Number.NEGATIVE_INFINITY }, 'x'],
    ['a cycle', cyclic, 'a'],
    ['a class instance', { when: new Date(0) }, 'when'],
    ['a Map', { map: new Map() }, 'map'],
    // eslint-disable-next-line no-sparse-arrays -- a hole on purpose
    ['a hole', { list: [1, , 3] }, 'list'],
  ])('refuses a record holding %s, naming the JSON path', (_name, value, path) => {
    const error = caughtSync(() => validateContextFragment(userFragment({ value: value })));
    expect(error.code).toBe('FRAGMENT_INVALID');
    expect(detail(error, 'field')).toContain(`value.${path}`);
  });

  it('refuses a record value in the system slot (string only)', () => {
    const error = caughtSync(() => validateContextFragment(systemFragment({ value: { a: 1 } })));
    expect(error.code).toBe('FRAGMENT_INVALID');
    expect(detail(error, 'field')).toContain('value');
  });

  it.each(['user', 'tool'] as const)('refuses %s trust in the system slot with TRUST_VIOLATION', (trust) => {
    const error = caughtSync(() => validateContextFragment(systemFragment({ trust })));
    expect(error.code).toBe('TRUST_VIOLATION');
  });

  it('reports TRUST_VIOLATION whatever else is wrong about the fragment', () => {
    const bad = { id: 'BAD ID', sourceId: '', trust: 'tool', lifetime: 'never', maxChars: -1, role: 'system', value: { a: 1 }, extra: true };
    expect(caughtSync(() => validateContextFragment(bad as unknown as ContextFragment)).code).toBe('TRUST_VIOLATION');
  });

  it('reports TRUST_VIOLATION before a duplicate id', () => {
    const ids = new Set(['policy']);
    expect(caughtSync(() => validateContextFragment(systemFragment({ trust: 'user' }), ids)).code).toBe('TRUST_VIOLATION');
  });

  it.each(['system', 'app'] as const)('accepts %s trust in the system slot', (trust) => {
    expect(validateContextFragment(systemFragment({ trust }))).toBe('Be brief.');
  });

  it('refuses a text longer than maxChars with FRAGMENT_BUDGET, counting UTF-16 code units', () => {
    expect(validateContextFragment(userFragment({ value: '😀', maxChars: 2 }))).toBe('😀');
    const error = caughtSync(() => validateContextFragment(userFragment({ value: '😀😀', maxChars: 3 })));
    expect(error.code).toBe('FRAGMENT_BUDGET');
    expect(error.details['limit']).toBe(3);
    expect(error.details['actual']).toBe(4);
  });

  it('measures a record by its JSON text', () => {
    const value = { a: 'x' }; // {"a":"x"} is 9 characters
    expect(validateContextFragment(userFragment({ value, maxChars: 9 }))).toBe('{"a":"x"}');
    expect(caughtSync(() => validateContextFragment(userFragment({ value, maxChars: 8 }))).code).toBe('FRAGMENT_BUDGET');
  });

  it('does not check the budget with checkBudget false', () => {
    expect(validateContextFragment(userFragment({ value: 'too long', maxChars: 1 }), undefined, false)).toBe('too long');
    expect(validateContextFragment(userFragment({ value: 'too long', maxChars: 1 }), new Set(), false)).toBe('too long');
  });

  it('checks the budget by default (checkBudget = true)', () => {
    expect(caughtSync(() => validateContextFragment(userFragment({ value: 'too long', maxChars: 1 }), new Set())).code).toBe('FRAGMENT_BUDGET');
  });

  it('names the field and the limit in the message of a budget failure', () => {
    const error = caughtSync(() => validateContextFragment(userFragment({ value: 'too long', maxChars: 3 })));
    expect(error.message).toContain('maxChars');
    expect(error.message).toContain('3');
  });
});

describe('assembleFragments (SPEC §3)', () => {
  it('puts the system message first whatever the input order, then the user message', () => {
    const input = assembleFragments(
      [
        userFragment({ id: 'u1', value: 'first' }),
        systemFragment({ id: 's1', value: 'rule one' }),
        userFragment({ id: 'u2', value: { k: 1 } }),
        systemFragment({ id: 's2', trust: 'system', value: 'rule two' }),
      ],
      10_000,
    );
    expect(input.messages).toEqual([
      { role: 'system', content: 'rule one\n\nrule two', fragmentIds: ['s1', 's2'] },
      { role: 'user', content: 'first\n\n{"k":1}', fragmentIds: ['u1', 'u2'] },
    ]);
  });

  it('gives one row of usage per fragment, in input order, with exactly the seven columns', () => {
    const input = assembleFragments([userFragment({ id: 'u1', value: 'abc', lifetime: 'call' }), systemFragment({ id: 's1', value: 'xy', maxChars: 5 })], 100);
    expect(input.fragmentUsage).toEqual([
      { id: 'u1', sourceId: 'request', trust: 'user', lifetime: 'call', role: 'user', chars: 3, maxChars: 1000 },
      { id: 's1', sourceId: 'app', trust: 'app', lifetime: 'static', role: 'system', chars: 2, maxChars: 5 },
    ]);
  });

  it('has no message for an empty role', () => {
    expect(assembleFragments([userFragment()], 100).messages.map((message) => message.role)).toEqual(['user']);
    expect(assembleFragments([systemFragment()], 100).messages.map((message) => message.role)).toEqual(['system']);
  });

  it('counts inputChars as the total length of all message contents, the blank lines included', () => {
    const input = assembleFragments([userFragment({ id: 'a', value: 'aaa' }), userFragment({ id: 'b', value: 'bb' }), systemFragment({ value: 'c' })], 100);
    expect(input.inputChars).toBe(1 + 3 + 2 + 2);
  });

  it('accepts an input exactly at maxInputChars and refuses one char more with INPUT_BUDGET', () => {
    const fragments = [userFragment({ id: 'a', value: 'aaa' }), userFragment({ id: 'b', value: 'bb' })];
    expect(assembleFragments(fragments, 7).inputChars).toBe(7);
    const error = caughtSync(() => assembleFragments(fragments, 6));
    expect(error.code).toBe('INPUT_BUDGET');
    expect(error.details['actual']).toBe(7);
    expect(error.details['limit']).toBe(6);
  });

  it('names the largest fragments in an INPUT_BUDGET message', () => {
    const fragments = [
      userFragment({ id: 'small', value: 'a' }),
      userFragment({ id: 'huge', value: 'x'.repeat(500) }),
      userFragment({ id: 'medium', value: 'y'.repeat(50) }),
    ];
    const error = caughtSync(() => assembleFragments(fragments, 100));
    expect(error.code).toBe('INPUT_BUDGET');
    expect(error.message).toContain('huge');
    expect(error.message.indexOf('huge')).toBeLessThan(error.message.indexOf('medium'));
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 53, '100'])('refuses maxInputChars %s', (maxInputChars) => {
    const error = caughtSync(() => assembleFragments([userFragment()], maxInputChars as number));
    expect(['CONFIG_INVALID', 'INPUT_INVALID']).toContain(error.code);
    expect(detail(error, 'field')).toContain('maxInputChars');
  });

  it('shares one id set across the list: a repeated id is FRAGMENT_DUPLICATE', () => {
    const error = caughtSync(() => assembleFragments([userFragment({ id: 'a' }), systemFragment({ id: 'a' })], 1000));
    expect(error.code).toBe('FRAGMENT_DUPLICATE');
  });

  it('checks each fragment budget', () => {
    expect(caughtSync(() => assembleFragments([userFragment({ value: 'abc', maxChars: 2 })], 1000)).code).toBe('FRAGMENT_BUDGET');
  });

  it('refuses user or tool content in the system slot, wherever it stands in the list', () => {
    const error = caughtSync(() => assembleFragments([userFragment({ id: 'ok' }), systemFragment({ id: 'sneaky', trust: 'tool' })], 1000));
    expect(error.code).toBe('TRUST_VIOLATION');
    expect(error.message).toContain('sneaky');
  });

  it('reports a TRUST_VIOLATION even when an earlier fragment is also invalid', () => {
    const error = caughtSync(() => assembleFragments([userFragment({ id: 'BAD' }), systemFragment({ id: 'sneaky', trust: 'user' })], 1000));
    expect(error.code).toBe('TRUST_VIOLATION');
  });

  it('reports a TRUST_VIOLATION before an INPUT_BUDGET', () => {
    const error = caughtSync(() => assembleFragments([userFragment({ value: 'x'.repeat(900) }), systemFragment({ trust: 'user' })], 10));
    expect(error.code).toBe('TRUST_VIOLATION');
  });

  it('never changes assembly by lifetime', () => {
    const lifetimes = ['static', 'session', 'turn', 'call'] as const;
    const contents = lifetimes.map((lifetime) => assembleFragments([userFragment({ lifetime }), systemFragment({ lifetime })], 100).messages);
    for (const messages of contents) expect(messages).toEqual(contents[0]);
  });

  it('runs the seed example as written', () => {
    const input = assembleFragments(
      [{ id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', maxChars: 1000, role: 'user', value: '现在服务状态怎样?' }],
      2000,
    );
    expect(input.messages).toEqual([{ role: 'user', content: '现在服务状态怎样?', fragmentIds: ['question'] }]);
    expect(input.fragmentUsage).toEqual([{ id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', role: 'user', chars: 9, maxChars: 1000 }]);
    expect(input.inputChars).toBe(9);
  });
});

describe('assembleContextPlan (SPEC §3)', () => {
  const originals: ContextFragment[] = [
    systemFragment({ id: 'policy', value: 'Answer briefly.' }),
    userFragment({ id: 'history', sourceId: 'chat', lifetime: 'session', value: 'a long history of the conversation', maxChars: 40 }),
    userFragment({ id: 'search', sourceId: 'web', trust: 'tool', lifetime: 'call', value: { hits: ['one', 'two'] } }),
    userFragment({ id: 'question', value: 'And now?' }),
  ];

  it('accepts an unchanged plan with no mutable fragment and reports an audit', () => {
    const plan = assembleContextPlan({ fragments: originals, originalFragments: originals, mutableFragmentIds: [], maxInputChars: 1000 });
    expect(plan.audit.unchanged).toEqual(['policy', 'history', 'search', 'question']);
    expect(plan.audit.changed).toEqual([]);
    expect(plan.audit.dropped).toEqual([]);
    expect(plan.audit.inputChars).toBe(plan.inputChars);
    expect(plan.audit.originalChars).toBe(plan.inputChars);
    expect(plan.messages).toEqual(assembleFragments(originals, 1000).messages);
    expect(plan.fragmentUsage).toEqual(assembleFragments(originals, 1000).fragmentUsage);
  });

  it('accepts a drop and a shorter value of mutable fragments, and audits them', () => {
    const fragments = originals.filter((fragment) => fragment.id !== 'search').map((fragment) => (fragment.id === 'history' ? { ...fragment, value: 'short' } : fragment));
    const plan = assembleContextPlan({ fragments, originalFragments: originals, mutableFragmentIds: ['history', 'search'], maxInputChars: 1000 });
    expect(plan.audit).toEqual({
      unchanged: ['policy', 'question'],
      changed: ['history'],
      dropped: ['search'],
      originalChars: assembleFragments(originals, 1000).inputChars,
      inputChars: plan.inputChars,
    });
  });

  it('validates originals structurally only: an original over its own budget is fine', () => {
    const over = [userFragment({ id: 'big', value: 'x'.repeat(20), maxChars: 5 })];
    const plan = assembleContextPlan({ fragments: [{ ...over[0]!, value: 'xxxx' }], originalFragments: over, mutableFragmentIds: ['big'], maxInputChars: 1000 });
    expect(plan.audit.changed).toEqual(['big']);
  });

  it('refuses originals with a repeated id', () => {
    const error = caughtSync(() =>
      assembleContextPlan({ fragments: [], originalFragments: [userFragment({ id: 'a' }), userFragment({ id: 'a' })], mutableFragmentIds: [], maxInputChars: 1000 }),
    );
    expect(error.code).toBe('FRAGMENT_DUPLICATE');
  });

  it('validates candidates fully: a candidate over its own budget is FRAGMENT_BUDGET', () => {
    const over = [userFragment({ id: 'big', value: 'x'.repeat(20), maxChars: 5 })];
    const error = caughtSync(() => assembleContextPlan({ fragments: over, originalFragments: over, mutableFragmentIds: [], maxInputChars: 1000 }));
    expect(error.code).toBe('FRAGMENT_BUDGET');
  });

  it('refuses mutableFragmentIds naming an unknown original, or a duplicate, with CONFIG_INVALID', () => {
    expect(caughtSync(() => assembleContextPlan({ fragments: originals, originalFragments: originals, mutableFragmentIds: ['nope'], maxInputChars: 1000 })).code).toBe('CONFIG_INVALID');
    expect(
      caughtSync(() => assembleContextPlan({ fragments: originals, originalFragments: originals, mutableFragmentIds: ['history', 'history'], maxInputChars: 1000 })).code,
    ).toBe('CONFIG_INVALID');
  });

  it('refuses an invented candidate with PLAN_VIOLATION naming it', () => {
    const error = caughtSync(() =>
      assembleContextPlan({ fragments: [...originals, userFragment({ id: 'invented' })], originalFragments: originals, mutableFragmentIds: [], maxInputChars: 1000 }),
    );
    expect(error.code).toBe('PLAN_VIOLATION');
    expect(error.message).toContain('invented');
  });

  it('refuses a reordered plan, even of mutable fragments', () => {
    const fragments = [originals[0]!, originals[2]!, originals[1]!, originals[3]!];
    const error = caughtSync(() => assembleContextPlan({ fragments, originalFragments: originals, mutableFragmentIds: ['history', 'search'], maxInputChars: 1000 }));
    expect(error.code).toBe('PLAN_VIOLATION');
  });

  it('refuses a change to an immutable fragment, deep inside a record', () => {
    const fragments = originals.map((fragment) => (fragment.id === 'search' ? { ...fragment, value: { hits: ['one', 'tw0'] } } : fragment));
    const error = caughtSync(() => assembleContextPlan({ fragments, originalFragments: originals, mutableFragmentIds: ['history'], maxInputChars: 1000 }));
    expect(error.code).toBe('PLAN_VIOLATION');
    expect(error.message).toContain('search');
  });

  it.each([
    ['sourceId', 'other'],
    ['lifetime', 'static'],
    ['maxChars', 999],
  ])('refuses a change of %s on an immutable fragment', (field, value) => {
    const fragments = originals.map((fragment) => (fragment.id === 'question' ? { ...fragment, [field]: value } : fragment));
    expect(caughtSync(() => assembleContextPlan({ fragments, originalFragments: originals, mutableFragmentIds: [], maxInputChars: 1000 })).code).toBe('PLAN_VIOLATION');
  });

  it('refuses a dropped immutable fragment; an empty mutable list forbids every change', () => {
    const error = caughtSync(() => assembleContextPlan({ fragments: originals.slice(0, 3), originalFragments: originals, mutableFragmentIds: [], maxInputChars: 1000 }));
    expect(error.code).toBe('PLAN_VIOLATION');
    expect(error.message).toContain('question');
  });

  it.each([
    ['trust', 'app'],
    ['role', 'system'],
    ['sourceId', 'elsewhere'],
    ['maxChars', 39],
    ['lifetime', 'call'],
  ])('refuses a change of %s on a mutable fragment (value only)', (field, value) => {
    const fragments = originals.map((fragment) => (fragment.id === 'history' ? { ...fragment, [field]: value } : fragment));
    const error = caughtSync(() => assembleContextPlan({ fragments, originalFragments: originals, mutableFragmentIds: ['history'], maxInputChars: 1000 }));
    expect(['PLAN_VIOLATION', 'TRUST_VIOLATION']).toContain(error.code);
  });

  it('refuses a mutable fragment whose text grows, and accepts one of the same length', () => {
    const grown = originals.map((fragment) => (fragment.id === 'history' ? { ...fragment, value: `${fragment.value as string}!` } : fragment));
    expect(caughtSync(() => assembleContextPlan({ fragments: grown, originalFragments: originals, mutableFragmentIds: ['history'], maxInputChars: 1000 })).code).toBe(
      'PLAN_VIOLATION',
    );
    const same = originals.map((fragment) => (fragment.id === 'history' ? { ...fragment, value: 'A LONG HISTORY OF THE CONVERSATION' } : fragment));
    expect(assembleContextPlan({ fragments: same, originalFragments: originals, mutableFragmentIds: ['history'], maxInputChars: 1000 }).audit.changed).toEqual(['history']);
  });

  it('measures growth of a mutable record by its JSON text', () => {
    const fragments = originals.map((fragment) => (fragment.id === 'search' ? { ...fragment, value: { hits: ['one', 'two', 'three'] } } : fragment));
    expect(caughtSync(() => assembleContextPlan({ fragments, originalFragments: originals, mutableFragmentIds: ['search'], maxInputChars: 1000 })).code).toBe('PLAN_VIOLATION');
  });

  it('refuses a plan over maxInputChars with INPUT_BUDGET', () => {
    expect(caughtSync(() => assembleContextPlan({ fragments: originals, originalFragments: originals, mutableFragmentIds: [], maxInputChars: 10 })).code).toBe('INPUT_BUDGET');
  });

  it('refuses a plan that moves tool content into the system slot with TRUST_VIOLATION', () => {
    const fragments = originals.map((fragment) => (fragment.id === 'question' ? { ...fragment, role: 'system' as const } : fragment));
    expect(caughtSync(() => assembleContextPlan({ fragments, originalFragments: originals, mutableFragmentIds: ['question'], maxInputChars: 1000 })).code).toBe(
      'TRUST_VIOLATION',
    );
  });

  it('runs the seed example as written', () => {
    const fragments: ContextFragment[] = [{ id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', maxChars: 1000, role: 'user', value: '现在服务状态怎样?' }];
    const input = assembleContextPlan({ fragments, originalFragments: fragments, mutableFragmentIds: [], maxInputChars: 2000 });
    expect(input.inputChars).toBe(9);
  });
});
