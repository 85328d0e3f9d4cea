import { AgentCoreError } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { defineReflection } from './define-reflection.js';
import type { ReflectionPage } from './reflection-page.js';
import type { ReflectionSource } from './reflection-source.js';
import { readCounter, sharedTower } from '../test/support/read-counter.js';
import { call, makeItems, memorySource, scriptedModel, testContext } from '../test/support/reflection-fixtures.js';

const budgets = { maxCalls: 6, reserveCalls: 1, maxPages: 6, maxEvents: 64, maxEvidenceChars: 12_000 };
const coverage = { consistency: 'best-effort', complete: null, gaps: [] } as const;

async function runWith(query: ReflectionSource['query'], steps = [call('query_evidence', { limit: 3 }), call('query_evidence', { limit: 3, cursor: 'next' })], signal?: AbortSignal): Promise<AgentCoreError> {
  const source = memorySource([], { query });
  const { model } = scriptedModel([...steps, call('submit_report', { summary: 's', findings: [] })]);
  const error: unknown = await defineReflection({ model, source, authorize: async () => {}, ...budgets })
    .run('q', testContext(undefined, signal))
    .then(
      () => undefined,
      (reason: unknown) => reason,
    );
  expect(AgentCoreError.isInstance(error)).toBe(true);
  return error as AgentCoreError;
}

describe('defineReflection with a hostile source', () => {
  const badPages: [string, unknown, string][] = [
    ['a page that is not an object', 'items', ''],
    ['a page without coverage', { items: [] }, ''],
    ['an item without text', { items: [{ id: 'a', type: 't' }], coverage }, '/items/0'],
    ['an item with an unknown field', { items: [{ id: 'a', type: 't', text: 'x', secret: 1 }], coverage }, '/items/0'],
    ['an item with an empty id', { items: [{ id: '', type: 't', text: 'x' }], coverage }, '/items/0/id'],
    ['an item whose time is not a date-time', { items: [{ id: 'a', type: 't', text: 'x', at: 'yesterday' }], coverage }, '/items/0/at'],
    ['an item whose data is not JSON', { items: [{ id: 'a', type: 't', text: 'x', data: { when: new Date(0) } }], coverage }, '/items/0/data/when'],
    ['an item whose data is a cycle', { items: [{ id: 'a', type: 't', text: 'x', data: (() => { const data: Record<string, unknown> = {}; data.self = data; return data; })() }], coverage }, '/items/0/data/self'],
    ['an unknown consistency', { items: [], coverage: { ...coverage, consistency: 'strong' } }, '/coverage/consistency'],
    ['an empty cursor', { items: [], cursor: '', coverage }, '/cursor'],
  ];
  for (const [name, page, path] of badPages) {
    it(`aborts with PAGE_INVALID on ${name}`, async () => {
      const error = await runWith(async () => page as ReflectionPage);
      expect(error.code).toBe('PAGE_INVALID');
      expect(error.details).toMatchObject({ sourceId: 'memory', page: 1, reason: 'shape', path });
    });
  }

  it('aborts with PAGE_INVALID naming the source when reading a page throws', async () => {
    const boom = new TypeError('gx');
    const page = { get items(): never { throw boom; }, coverage };
    const error = await runWith(async () => page);
    expect(error.code).toBe('PAGE_INVALID');
    expect(error.details).toMatchObject({ sourceId: 'memory', page: 1, reason: 'unreadable' });
    expect(error.cause).toBe(boom);
  });

  it('aborts with PAGE_INVALID when a page holds more items than the limit', async () => {
    const error = await runWith(async () => ({ items: makeItems(4), coverage }));
    expect(error.details).toMatchObject({ reason: 'limit', limit: 3, actual: 4 });
    expect(error.code).toBe('PAGE_INVALID');
  });

  it('refuses a page over the limit by its length alone, before reading any of its items', async () => {
    const counter = readCounter();
    const { counted } = counter;
    const valid = makeItems(50_000).map((item) => counted(item));
    const invalid = Array.from({ length: 50_000 }, (_, index) => counted({ id: `e${index}`, text: 'no type' }));
    for (const items of [valid, invalid]) {
      const error = await runWith(async () => ({ items, coverage }) as unknown as ReflectionPage);
      expect(error.details).toEqual({ sourceId: 'memory', page: 1, reason: 'limit', limit: 3, actual: 50_000 });
      expect(error.message).toBe('reflection: source "memory" page 1 is invalid: 50000 items for a limit of 3');
    }
    expect(counter.reads).toBe(0);
    const badCoverage = await runWith(async () => ({ items: makeItems(4), coverage: { ...coverage, complete: 'no' } }) as unknown as ReflectionPage);
    expect(badCoverage.details).toMatchObject({ reason: 'limit', actual: 4 });
  });

  it('accepts evidence data that shares objects, reading each object a bounded number of times (a 40-level tower: 2^40 paths)', async () => {
    const counter = readCounter(1_000);
    const data = sharedTower(40, counter.counted);
    const [item] = makeItems(1);
    const source = memorySource([{ ...item!, data }]);
    const { model } = scriptedModel([call('query_evidence', { limit: 1 }), call('submit_report', { summary: 's', findings: [{ claim: 'c', evidenceIds: ['e0'] }] })]);
    const report = await defineReflection({ model, source, authorize: async () => {}, ...budgets }).run('q', testContext());
    expect(report.stoppedBy).toBe('report');
    expect(report.evidence[0]?.data).toBe(data);
    expect(counter.reads).toBeLessThan(1_000);
  });

  it('checks the shape of a page within the limit before its ids', async () => {
    const error = await runWith(async () => ({ items: [...makeItems(2), { id: 'e0', text: 'no type' }], coverage }) as unknown as ReflectionPage);
    expect(error.details).toEqual({ sourceId: 'memory', page: 1, reason: 'shape', path: '/items/2' });
  });

  it('aborts with PAGE_INVALID when ids repeat within a page', async () => {
    const [item] = makeItems(1);
    const error = await runWith(async () => ({ items: [item!, item!], coverage }));
    expect(error.code).toBe('PAGE_INVALID');
    expect(error.details).toMatchObject({ reason: 'duplicate-id', id: 'e0' });
  });

  it('aborts with PAGE_INVALID when the next page of a chain repeats an id', async () => {
    const items = makeItems(3);
    const error = await runWith(async (query) => (query.cursor === undefined ? { items: items.slice(0, 2), cursor: 'next', coverage } : { items: items.slice(1, 3), coverage }));
    expect(error.code).toBe('PAGE_INVALID');
    expect(error.details).toMatchObject({ page: 2, reason: 'duplicate-id', id: 'e1' });
  });

  it('aborts with PAGE_INVALID when a cursor repeats', async () => {
    const items = makeItems(3);
    const error = await runWith(async (query) => (query.cursor === undefined ? { items: items.slice(0, 1), cursor: 'next', coverage } : { items: items.slice(1, 2), cursor: 'next', coverage }));
    expect(error.code).toBe('PAGE_INVALID');
    expect(error.details).toMatchObject({ page: 2, reason: 'cursor-repeat' });
  });

  it('accepts the same evidence again from a new query (a new cursor chain)', async () => {
    const source = memorySource(makeItems(3));
    const { model } = scriptedModel([call('query_evidence', { limit: 2 }), call('query_evidence', { limit: 2 }), call('submit_report', { summary: 's', findings: [{ claim: 'c', evidenceIds: ['e1'] }] })]);
    const report = await defineReflection({ model, source, authorize: async () => {}, ...budgets }).run('q', testContext());
    expect(report.coverage).toMatchObject({ pages: 2, events: 4 });
    expect(report.evidence.map((item) => item.id)).toEqual(['e1']);
  });

  it('aborts with SOURCE_FAILED, keeping the cause, when the source throws', async () => {
    const cause = new Error('database down');
    const error = await runWith(() => Promise.reject(cause));
    expect(error.code).toBe('SOURCE_FAILED');
    expect(error.cause).toBe(cause);
    expect(error.message).toContain('database down');
    expect(error.details).toEqual({ sourceId: 'memory' });
  });

  it('cuts a huge message of what the source threw after 500 characters, keeping the cause whole', async () => {
    const cause = new Error('x'.repeat(1_000_000));
    const error = await runWith(() => Promise.reject(cause));
    expect(error.code).toBe('SOURCE_FAILED');
    expect(error.cause).toBe(cause);
    expect(error.message.length).toBeLessThan(600);
  });

  it('wraps an AgentCoreError of the source as SOURCE_FAILED and names its code', async () => {
    const error = await runWith(() => { throw new AgentCoreError('INPUT_INVALID', 'bad cursor'); });
    expect(error.code).toBe('SOURCE_FAILED');
    expect(error.details).toEqual({ sourceId: 'memory', causeCode: 'INPUT_INVALID' });
  });

  it('passes UNAUTHORIZED from the source query through', async () => {
    const error = await runWith(() => Promise.reject(new AgentCoreError('UNAUTHORIZED', 'row-level security')));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toBe('row-level security');
  });

  it('aborts a query that never resolves when the signal fires', async () => {
    const controller = new AbortController();
    const error = await runWith(() => {
      queueMicrotask(() => {
        controller.abort(new Error('shutdown'));
      });
      return new Promise<ReflectionPage>(() => undefined);
    }, undefined, controller.signal);
    expect(error.code).toBe('ABORTED');
    expect(error.details).toEqual({ step: 'while the source was queried' });
  });

  it('gives the source the context, whose signal it may honour', async () => {
    const controller = new AbortController();
    const error = await runWith((_query, context) => {
      controller.abort();
      return Promise.reject(context.signal.reason as Error);
    }, undefined, controller.signal);
    expect(error.code).toBe('ABORTED');
  });
});
