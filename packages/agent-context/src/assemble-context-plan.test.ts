import type { ContextFragment, ContextPlanRequest } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { expectAgentCoreError, question } from '../test/fragment-arbitraries.js';
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
    const error = expectAgentCoreError(
      () => assembleContextPlan(plan({ mutableFragmentIds: [], fragments: replace('history', { value: 'short' }) })),
      'PLAN_VIOLATION',
    );
    expect(error.message).toBe(
      'plan: fragments[1] "history" is not mutable but its value changed; only fragments listed in mutableFragmentIds may change',
    );
    expect(error.details).toEqual({ fragmentId: 'history', path: 'fragments[1]', list: 'fragments', index: 1, rule: 'immutable-changed', field: 'value' });
  });

  it('rejects an invented fragment', () => {
    const error = expectAgentCoreError(() => assembleContextPlan(plan({ fragments: [...originals, fragment('summary')] })), 'PLAN_VIOLATION');
    expect(error.message).toBe('plan: fragments[4] "summary" is not among the original fragments; a plan cannot invent content');
    expect(error.details).toEqual({ fragmentId: 'summary', path: 'fragments[4]', list: 'fragments', index: 4, rule: 'invented' });
  });

  it('rejects a reordered plan', () => {
    const fragments = [originals[0], originals[2], originals[1], originals[3]] as ContextFragment[];
    const error = expectAgentCoreError(() => assembleContextPlan(plan({ fragments })), 'PLAN_VIOLATION');
    expect(error.message).toBe(
      'plan: fragments[2] "history" comes after "facts", but the originals have it before; a plan keeps the original order',
    );
    expect(error.details).toMatchObject({ fragmentId: 'history', rule: 'reordered' });
  });

  it.each([
    ['sourceId', 'elsewhere'],
    ['trust', 'system'],
    ['lifetime', 'call'],
    ['maxChars', 999],
  ] as const)('rejects an immutable fragment whose %s changed', (field, changed) => {
    const error = expectAgentCoreError(() => assembleContextPlan(plan({ fragments: replace('question', { [field]: changed }) })), 'PLAN_VIOLATION');
    expect(error.details).toMatchObject({ fragmentId: 'question', rule: 'immutable-changed', field, actual: changed });
  });

  it('rejects an immutable fragment that was dropped', () => {
    const error = expectAgentCoreError(() => assembleContextPlan(plan({ fragments: originals.slice(0, 3) })), 'PLAN_VIOLATION');
    expect(error.message).toBe(
      'plan: originalFragments[3] "question" is not mutable but is missing from the plan; only fragments listed in mutableFragmentIds may be dropped',
    );
    expect(error.details).toEqual({ fragmentId: 'question', path: 'originalFragments[3]', list: 'originalFragments', index: 3, rule: 'immutable-dropped' });
  });

  it('rejects an immutable record whose keys were reordered, since the model would read other text', () => {
    const error = expectAgentCoreError(
      () => assembleContextPlan(plan({ mutableFragmentIds: [], fragments: replace('facts', { value: { seats: 3, plan: 'pro' } }) })),
      'PLAN_VIOLATION',
    );
    expect(error.details).toMatchObject({ fragmentId: 'facts', rule: 'immutable-changed' });
  });

  it('rejects an immutable string value replaced by a record with the same text', () => {
    const originalFragments = [fragment('data', { value: '{"a":1}' })];
    const error = expectAgentCoreError(
      () => assembleContextPlan({ originalFragments, fragments: [fragment('data', { value: { a: 1 } })], mutableFragmentIds: [], maxInputChars: 100 }),
      'PLAN_VIOLATION',
    );
    expect(error.details).toMatchObject({ fragmentId: 'data', rule: 'immutable-changed', field: 'value' });
  });

  it('rejects a mutable fragment whose text grew', () => {
    const error = expectAgentCoreError(
      () => assembleContextPlan(plan({ fragments: replace('history', { value: 'a long conversation history, and more' }) })),
      'PLAN_VIOLATION',
    );
    expect(error.message).toBe(
      "plan: fragments[1] \"history\" grew from 27 to 37 chars; a mutable fragment's text may only shrink or stay the same length",
    );
    expect(error.details).toEqual({ fragmentId: 'history', path: 'fragments[1]', list: 'fragments', index: 1, rule: 'mutable-grown', field: 'value', limit: 27, actual: 37 });
  });

  it('measures growth in UTF-16 code units', () => {
    const originalFragments = [fragment('note', { value: 'abcd' })];
    const run = (value: string) => () =>
      assembleContextPlan({ originalFragments, fragments: [fragment('note', { value })], mutableFragmentIds: ['note'], maxInputChars: 100 });
    expect(run('😀你')().audit.changed).toEqual(['note']);
    expect(expectAgentCoreError(run('😀😀a'), 'PLAN_VIOLATION').details).toMatchObject({ rule: 'mutable-grown', limit: 4, actual: 5 });
  });

  it.each([
    ['sourceId', 'elsewhere'],
    ['lifetime', 'turn'],
    ['maxChars', 100],
  ] as const)('rejects a mutable fragment whose %s changed', (field, changed) => {
    const error = expectAgentCoreError(() => assembleContextPlan(plan({ fragments: replace('history', { [field]: changed }) })), 'PLAN_VIOLATION');
    expect(error.details).toMatchObject({ fragmentId: 'history', rule: 'mutable-field-changed', field });
    expect(error.message).toContain('a mutable fragment may change its value only');
  });

  it('rejects a mutable id with no original', () => {
    const error = expectAgentCoreError(() => assembleContextPlan(plan({ mutableFragmentIds: ['history', 'ghost'] })), 'CONFIG_INVALID');
    expect(error.message).toBe('mutableFragmentIds[1] names "ghost", which is not among the original fragments');
    expect(error.details).toEqual({ field: 'mutableFragmentIds', path: 'mutableFragmentIds[1]', rule: 'unknown-id', actual: 'ghost', fragmentId: 'ghost' });
  });

  it('rejects a mutable id listed twice', () => {
    const error = expectAgentCoreError(() => assembleContextPlan(plan({ mutableFragmentIds: ['facts', 'history', 'facts'] })), 'CONFIG_INVALID');
    expect(error.message).toBe('mutableFragmentIds[2] lists "facts" a second time');
    expect(error.details).toMatchObject({ rule: 'duplicate-id', actual: 'facts', fragmentId: 'facts' });
  });

  it.each([undefined, null, 'history', [1], new Set(['history'])])('rejects %o as mutableFragmentIds', (mutableFragmentIds) => {
    expectAgentCoreError(() => assembleContextPlan(plan({ mutableFragmentIds: mutableFragmentIds as never })), 'CONFIG_INVALID');
  });

  it('validates originals structurally: duplicates and trust are checked, budgets are not', () => {
    const duplicate = expectAgentCoreError(
      () => assembleContextPlan(plan({ originalFragments: [...originals, fragment('facts')] })),
      'FRAGMENT_DUPLICATE',
    );
    expect(duplicate.message).toBe('originalFragments[4] "facts": id "facts" is already used by another fragment');
    expectAgentCoreError(
      () => assembleContextPlan(plan({ originalFragments: [fragment('x', { trust: 'user', role: 'system' })] })),
      'TRUST_VIOLATION',
    );
    expectAgentCoreError(() => assembleContextPlan(plan({ originalFragments: [fragment('x', { value: { d: new Date(0) } })] })), 'FRAGMENT_INVALID');
  });

  it('validates candidates fully, budgets and duplicates included', () => {
    const error = expectAgentCoreError(() => assembleContextPlan(plan({ fragments: replace('facts', { maxChars: 3 }) })), 'FRAGMENT_BUDGET');
    expect(error.details).toMatchObject({ list: 'fragments', index: 2, fragmentId: 'facts' });
    expectAgentCoreError(() => assembleContextPlan(plan({ fragments: [...originals, originals[3] as ContextFragment] })), 'FRAGMENT_DUPLICATE');
    expectAgentCoreError(
      () => assembleContextPlan(plan({ fragments: replace('facts', { role: 'system' }) })),
      'TRUST_VIOLATION',
    );
  });

  it('rejects a candidate total over maxInputChars after the plan rules', () => {
    const error = expectAgentCoreError(() => assembleContextPlan(plan({ maxInputChars: 20 })), 'INPUT_BUDGET');
    expect(error.details).toMatchObject({ limit: 20 });
  });

  it('checks maxInputChars before the fragments', () => {
    expectAgentCoreError(() => assembleContextPlan(plan({ maxInputChars: 0, fragments: null as never })), 'CONFIG_INVALID');
  });

  it.each([null, undefined, [], 'plan', new Map()])('rejects %o as the request', (request) => {
    const error = expectAgentCoreError(() => assembleContextPlan(request as never), 'CONFIG_INVALID');
    expect(error.message).toMatch(/^the plan request must be a plain object, got /);
  });

  it('rejects an unknown request field by name', () => {
    const error = expectAgentCoreError(() => assembleContextPlan({ ...plan(), mutableIds: [] } as never), 'CONFIG_INVALID');
    expect(error.message).toBe(
      'the plan request has an unknown field "mutableIds"; it takes fragments, originalFragments, mutableFragmentIds, maxInputChars',
    );
  });

  it('rejects missing fragment lists as FRAGMENT_INVALID', () => {
    const { fragments: _fragments, ...withoutFragments } = plan();
    expect(expectAgentCoreError(() => assembleContextPlan(withoutFragments as never), 'FRAGMENT_INVALID').details).toMatchObject({
      field: 'fragments',
    });
    const { originalFragments: _originals, ...withoutOriginals } = plan();
    expect(expectAgentCoreError(() => assembleContextPlan(withoutOriginals as never), 'FRAGMENT_INVALID').details).toMatchObject({
      field: 'originalFragments',
    });
  });

  it('turns a request whose getter throws into CONFIG_INVALID', () => {
    const request = {
      ...plan(),
      get mutableFragmentIds(): string[] {
        throw new Error('boom');
      },
    };
    expectAgentCoreError(() => assembleContextPlan(request), 'CONFIG_INVALID');
  });
});
