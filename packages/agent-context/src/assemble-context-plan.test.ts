import type { ContextFragment, ContextPlanRequest } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { question, refusal } from '../test/fragment-arbitraries.js';
import { assembleContextPlan } from './assemble-context-plan.js';

const fragment = (id: string, overrides: Partial<Record<keyof ContextFragment, unknown>> = {}): ContextFragment =>
  question({ id, sourceId: `source-${id}`, value: `text of ${id}`, ...overrides });

const originals: ContextFragment[] = [
  fragment('policy', { trust: 'system', role: 'system', lifetime: 'static', value: 'Be brief.' }),
  fragment('history', { trust: 'app', lifetime: 'session', value: 'a long conversation history' }),
  fragment('facts', { trust: 'tool', value: { plan: 'pro', seats: 3 } }),
  fragment('question', { value: 'How is the service?' }),
];

const plan = (overrides: Partial<ContextPlanRequest> = {}): ContextPlanRequest => ({
  fragments: originals,
  originalFragments: originals,
  mutableFragmentIds: ['history', 'facts'],
  maxInputChars: 1000,
  ...overrides,
});

const replace = (id: string, overrides: Partial<Record<keyof ContextFragment, unknown>>): ContextFragment[] =>
  originals.map((original) => (original.id === id ? fragment(id, { ...original, ...overrides }) : original));

describe('assembleContextPlan', () => {
  it('assembles an unchanged plan like assembleFragments, with an audit of no changes', () => {
    const result = assembleContextPlan(plan());
    expect(result.messages).toEqual([
      { role: 'system', content: 'Be brief.', fragmentIds: ['policy'] },
      {
        role: 'user',
        content: 'a long conversation history\n\n{"plan":"pro","seats":3}\n\nHow is the service?',
        fragmentIds: ['history', 'facts', 'question'],
      },
    ]);
    expect(result.audit).toEqual({
      unchanged: ['policy', 'history', 'facts', 'question'],
      changed: [],
      dropped: [],
      originalChars: result.inputChars,
      inputChars: result.inputChars,
    });
  });

  it('lets a mutable fragment be dropped or shortened and reports both', () => {
    const fragments = [originals[0], fragment('history', { ...originals[1], value: 'a summary' }), originals[3]] as ContextFragment[];
    const result = assembleContextPlan(plan({ fragments }));
    expect(result.audit).toEqual({
      unchanged: ['policy', 'question'],
      changed: ['history'],
      dropped: ['facts'],
      originalChars: 'Be brief.'.length + 'a long conversation history\n\n{"plan":"pro","seats":3}\n\nHow is the service?'.length,
      inputChars: 'Be brief.'.length + 'a summary\n\nHow is the service?'.length,
    });
    expect(result.fragmentUsage.map((row) => [row.id, row.chars])).toEqual([
      ['policy', 9],
      ['history', 9],
      ['question', 19],
    ]);
  });

  it('lets a mutable record become a string of no more characters', () => {
    const result = assembleContextPlan(plan({ fragments: replace('facts', { value: 'pro plan, 3 seats' }) }));
    expect(result.audit.changed).toEqual(['facts']);
  });

  it('counts a mutable fragment whose value keeps its text as unchanged', () => {
    const result = assembleContextPlan(plan({ fragments: replace('facts', { value: { plan: 'pro', seats: 3 } }) }));
    expect(result.audit.unchanged).toContain('facts');
  });

  it('measures originalChars over the originals even when they exceed their own budgets', () => {
    const oversized = [fragment('log', { value: 'x'.repeat(50), maxChars: 10 })];
    const result = assembleContextPlan({
      fragments: [fragment('log', { value: 'x'.repeat(10), maxChars: 10 })],
      originalFragments: oversized,
      mutableFragmentIds: ['log'],
      maxInputChars: 10,
    });
    expect(result.audit).toMatchObject({ originalChars: 50, inputChars: 10, changed: ['log'] });
  });

  it('with an empty mutable list forbids every change', () => {
    expect(() => assembleContextPlan(plan({ mutableFragmentIds: [], fragments: replace('history', { value: 'short' }) }))).toThrow(
      refusal('PLAN_VIOLATION', {
        message: 'assembleContextPlan: fragments[1].value of "history" changed, but it is not mutable; only fragments listed in mutableFragmentIds may change',
        details: { field: 'fragments[1].value', path: '/fragments/1/value', rule: 'immutable-changed' },
      }),
    );
  });

  it('rejects an invented fragment', () => {
    expect(() => assembleContextPlan(plan({ fragments: [...originals, fragment('summary')] }))).toThrow(
      refusal('PLAN_VIOLATION', {
        message: 'assembleContextPlan: fragments[4] "summary" is not among the original fragments; a plan cannot invent content',
        details: { field: 'fragments[4]', path: '/fragments/4', rule: 'invented' },
      }),
    );
  });

  it('rejects a reordered plan', () => {
    const fragments = [originals[0], originals[2], originals[1], originals[3]] as ContextFragment[];
    expect(() => assembleContextPlan(plan({ fragments }))).toThrow(
      refusal('PLAN_VIOLATION', {
        message: 'assembleContextPlan: fragments[2] "history" comes after "facts", but the originals have it before; a plan keeps the original order',
        details: { field: 'fragments[2]', path: '/fragments/2', rule: 'reordered', limit: 1, actual: 2 },
      }),
    );
  });

  it.each([
    ['sourceId', 'elsewhere'],
    ['trust', 'system'],
    ['lifetime', 'call'],
    ['maxChars', 999],
  ] as const)('rejects an immutable fragment whose %s changed', (field, changed) => {
    expect(() => assembleContextPlan(plan({ fragments: replace('question', { [field]: changed }) }))).toThrow(
      refusal('PLAN_VIOLATION', {
        message: expect.stringMatching(new RegExp(`^assembleContextPlan: fragments\\[3\\]\\.${field} of "question" changed from .+; only fragments listed in mutableFragmentIds may change$`)),
        details: expect.objectContaining({ field: `fragments[3].${field}`, rule: 'immutable-changed', actual: changed }),
      }),
    );
  });

  it('rejects an immutable fragment that was dropped', () => {
    expect(() => assembleContextPlan(plan({ fragments: originals.slice(0, 3) }))).toThrow(
      refusal('PLAN_VIOLATION', {
        message:
          'assembleContextPlan: originalFragments[3] "question" is not mutable but is missing from the plan; only fragments listed in mutableFragmentIds may be dropped',
        details: { field: 'originalFragments[3]', path: '/originalFragments/3', rule: 'immutable-dropped' },
      }),
    );
  });

  it('rejects an immutable record whose keys were reordered, since the model would read other text', () => {
    expect(() => assembleContextPlan(plan({ mutableFragmentIds: [], fragments: replace('facts', { value: { seats: 3, plan: 'pro' } }) }))).toThrow(
      refusal('PLAN_VIOLATION', { details: expect.objectContaining({ field: 'fragments[2].value', rule: 'immutable-changed' }) }),
    );
  });

  it('rejects an immutable string value replaced by a record with the same text', () => {
    const originalFragments = [fragment('data', { value: '{"a":1}' })];
    expect(() => assembleContextPlan({ originalFragments, fragments: [fragment('data', { value: { a: 1 } })], mutableFragmentIds: [], maxInputChars: 100 })).toThrow(
      refusal('PLAN_VIOLATION', { details: expect.objectContaining({ field: 'fragments[0].value', rule: 'immutable-changed' }) }),
    );
  });

  it('rejects a mutable fragment whose text grew', () => {
    expect(() => assembleContextPlan(plan({ fragments: replace('history', { value: 'a long conversation history, and more' }) }))).toThrow(
      refusal('PLAN_VIOLATION', {
        message: "assembleContextPlan: fragments[1].value of \"history\" grew from 27 to 37 characters; a mutable fragment's text may only shrink or stay the same length",
        details: { field: 'fragments[1].value', path: '/fragments/1/value', rule: 'mutable-grown', limit: 27, actual: 37 },
      }),
    );
  });

  it('measures growth in UTF-16 code units', () => {
    const originalFragments = [fragment('note', { value: 'abcd' })];
    const run = (value: string) => () =>
      assembleContextPlan({ originalFragments, fragments: [fragment('note', { value })], mutableFragmentIds: ['note'], maxInputChars: 100 });
    expect(run('😀你')().audit.changed).toEqual(['note']);
    expect(run('😀😀a')).toThrow(refusal('PLAN_VIOLATION', { details: expect.objectContaining({ rule: 'mutable-grown', limit: 4, actual: 5 }) }));
  });

  it.each([
    ['sourceId', 'elsewhere'],
    ['lifetime', 'turn'],
    ['maxChars', 100],
  ] as const)('rejects a mutable fragment whose %s changed', (field, changed) => {
    expect(() => assembleContextPlan(plan({ fragments: replace('history', { [field]: changed }) }))).toThrow(
      refusal('PLAN_VIOLATION', {
        message: expect.stringContaining('a mutable fragment may change its value only'),
        details: expect.objectContaining({ field: `fragments[1].${field}`, rule: 'mutable-field-changed', actual: changed }),
      }),
    );
  });

  it('rejects a mutable id with no original', () => {
    expect(() => assembleContextPlan(plan({ mutableFragmentIds: ['history', 'ghost'] }))).toThrow(
      refusal('CONFIG_INVALID', {
        message: 'assembleContextPlan: mutableFragmentIds[1] is "ghost", which is not the id of any original fragment',
        details: { field: 'mutableFragmentIds[1]', path: '/mutableFragmentIds/1', rule: 'unknown-id', actual: 'ghost' },
      }),
    );
  });

  it('rejects a mutable id listed twice', () => {
    expect(() => assembleContextPlan(plan({ mutableFragmentIds: ['facts', 'history', 'facts'] }))).toThrow(
      refusal('CONFIG_INVALID', {
        message: 'assembleContextPlan: mutableFragmentIds[2] lists "facts" a second time',
        details: { field: 'mutableFragmentIds[2]', path: '/mutableFragmentIds/2', rule: 'duplicate', actual: 'facts' },
      }),
    );
  });

  it.each([
    [undefined, 'mutableFragmentIds is required (an empty list forbids every change)'],
    [null, 'mutableFragmentIds must be a list (got null)'],
    ['history', 'mutableFragmentIds must be a list (got "history")'],
    [[1], 'mutableFragmentIds[0] must be a string (got 1)'],
    [new Set(['history']), 'mutableFragmentIds must be a list (got a Set instance)'],
  ])('rejects %o as mutableFragmentIds', (mutableFragmentIds, problem) => {
    expect(() => assembleContextPlan(plan({ mutableFragmentIds: mutableFragmentIds as never }))).toThrow(refusal('CONFIG_INVALID', { message: `assembleContextPlan: ${problem}` }));
  });

  it('validates originals structurally: duplicates and trust are checked, budgets are not', () => {
    expect(() => assembleContextPlan(plan({ originalFragments: [...originals, fragment('facts')] }))).toThrow(
      refusal('FRAGMENT_DUPLICATE', { message: 'assembleContextPlan: originalFragments[4].id is "facts", already the id of the fragment at index 2' }),
    );
    expect(() => assembleContextPlan(plan({ originalFragments: [fragment('x', { trust: 'user', role: 'system' })] }))).toThrow(
      refusal('TRUST_VIOLATION', { details: expect.objectContaining({ field: 'originalFragments[0].role' }) }),
    );
    expect(() => assembleContextPlan(plan({ originalFragments: [fragment('x', { value: { d: new Date(0) } })] }))).toThrow(
      refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ field: 'originalFragments[0].value.d' }) }),
    );
  });

  it('validates candidates fully, budgets and duplicates included', () => {
    expect(() => assembleContextPlan(plan({ fragments: replace('facts', { maxChars: 3 }) }))).toThrow(
      refusal('FRAGMENT_BUDGET', { details: expect.objectContaining({ field: 'fragments[2].value', limit: 3 }) }),
    );
    expect(() => assembleContextPlan(plan({ fragments: [...originals, originals[3] as ContextFragment] }))).toThrow(refusal('FRAGMENT_DUPLICATE'));
    expect(() => assembleContextPlan(plan({ fragments: replace('facts', { role: 'system' }) }))).toThrow(refusal('TRUST_VIOLATION'));
  });

  it('rejects a candidate total over maxInputChars after the plan rules', () => {
    expect(() => assembleContextPlan(plan({ maxInputChars: 20 }))).toThrow(
      refusal('INPUT_BUDGET', {
        message: expect.stringMatching(/^assembleContextPlan: fragments assemble to \d+ characters \(UTF-16 code units\), over maxInputChars \(20\); largest fragments: "history" \(27\), /),
        details: expect.objectContaining({ field: 'fragments', limit: 20, rule: 'budget' }),
      }),
    );
  });

  it('checks maxInputChars before the fragments', () => {
    expect(() => assembleContextPlan(plan({ maxInputChars: 0, fragments: null as never }))).toThrow(refusal('CONFIG_INVALID', { details: expect.objectContaining({ field: 'maxInputChars' }) }));
    expect(() => assembleContextPlan(plan({ mutableFragmentIds: 'x' as never, originalFragments: null as never }))).toThrow(refusal('FRAGMENT_INVALID'));
    expect(() => assembleContextPlan(plan({ mutableFragmentIds: 'x' as never, fragments: null as never }))).toThrow(refusal('CONFIG_INVALID'));
  });

  it.each([null, undefined, [], 'plan', new Map()])('rejects %o as the request', (request) => {
    expect(() => assembleContextPlan(request as never)).toThrow(
      refusal('CONFIG_INVALID', { message: expect.stringMatching(/^assembleContextPlan: request must be a plain object \(got .+\)$/), details: expect.objectContaining({ field: 'request', path: '' }) }),
    );
  });

  it('rejects an unknown request field by name', () => {
    expect(() => assembleContextPlan({ ...plan(), mutableIds: [] } as never)).toThrow(
      refusal('CONFIG_INVALID', {
        message: 'assembleContextPlan: mutableIds is not a known field; known: fragments, originalFragments, mutableFragmentIds, maxInputChars',
        details: expect.objectContaining({ field: 'mutableIds', rule: 'unknown' }),
      }),
    );
    expect(() => assembleContextPlan({ ...plan(), maxInputchars: 10 } as never)).toThrow(refusal('CONFIG_INVALID', { details: expect.objectContaining({ suggestion: 'maxInputChars' }) }));
  });

  it('rejects missing fragment lists as FRAGMENT_INVALID', () => {
    const { fragments: _fragments, ...withoutFragments } = plan();
    expect(() => assembleContextPlan(withoutFragments as never)).toThrow(
      refusal('FRAGMENT_INVALID', { message: 'assembleContextPlan: fragments is required', details: expect.objectContaining({ field: 'fragments', rule: 'required' }) }),
    );
    const { originalFragments: _originals, ...withoutOriginals } = plan();
    expect(() => assembleContextPlan(withoutOriginals as never)).toThrow(refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ field: 'originalFragments', rule: 'required' }) }));
  });

  it('turns a request whose getter throws into CONFIG_INVALID', () => {
    const request = {
      ...plan(),
      get mutableFragmentIds(): string[] {
        throw new Error('boom');
      },
    };
    expect(() => assembleContextPlan(request)).toThrow(refusal('CONFIG_INVALID', { details: expect.objectContaining({ field: 'mutableFragmentIds', rule: 'readable' }) }));
  });
});
