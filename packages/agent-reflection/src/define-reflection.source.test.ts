import { AgentCoreError } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { defineReflection } from './define-reflection.js';
import type { ReflectionPage } from './reflection-page.js';
import type { ReflectionSource } from './reflection-source.js';
import { readCounter, sharedTower } from '../test/support/read-counter.js';
import { call, makeItems, memorySource, scriptedModel, testContext } from '../test/support/reflection-fixtures.js';

const budgets = { maxCalls: 6, reserveCalls: 1, maxPages: 6, maxEvents: 64, maxEvidenceChars: 12_000 };
const coverage = { consistency: 'best-effort', complete: null, gaps: [] } as const;

function reflect(query: ReflectionSource['query'], steps = [call('query_evidence', { limit: 3 }), call('query_evidence', { limit: 3, cursor: 'next' })], signal?: AbortSignal): Promise<unknown> {
  const source = memorySource([], { query });
  const { model } = scriptedModel([...steps, call('submit_report', { summary: 's', findings: [] })]);
  return defineReflection({ model, source, authorize: async () => {}, ...budgets }).run('q', testContext(undefined, signal));
}

/** The one form of a refused page: `reflection: source "memory" page <page>: <field> <problem>`. */
function pageInvalid(field: string, rule: string, page = 1) {
  return { code: 'PAGE_INVALID', message: expect.stringMatching(new RegExp(`^reflection: source "memory" page ${page}: ${field.replace(/[[\].]/g, '\\$&')} `)) as string, details: expect.objectContaining({ field, rule }) as object };
}

describe('defineReflection with a hostile source', () => {
  const badPages: [string, unknown, string, string][] = [
    ['a page that is not an object', 'items', 'page', 'type'],
    ['a page without coverage', { items: [] }, 'coverage', 'required'],
    ['an item without text', { items: [{ id: 'a', type: 't' }], coverage }, 'items[0].text', 'required'],
    ['an item with an unknown field', { items: [{ id: 'a', type: 't', text: 'x', secret: 1 }], coverage }, 'items[0].secret', 'unknown'],
    ['an item with an empty id', { items: [{ id: '', type: 't', text: 'x' }], coverage }, 'items[0].id', 'length'],
    ['an item whose time is not a date-time', { items: [{ id: 'a', type: 't', text: 'x', at: 'yesterday' }], coverage }, 'items[0].at', 'pattern'],
    ['an item whose time is a day its month does not have', { items: [{ id: 'a', type: 't', text: 'x', at: '2023-02-29T12:00:00Z' }], coverage }, 'items[0].at', 'pattern'],
    ['an item whose data is not JSON', { items: [{ id: 'a', type: 't', text: 'x', data: { when: new Date(0) } }], coverage }, 'items[0].data.when', 'plain'],
    ['an item whose data is a cycle', { items: [{ id: 'a', type: 't', text: 'x', data: (() => { const data: Record<string, unknown> = {}; data.self = data; return data; })() }], coverage }, 'items[0].data.self', 'cycle'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    ['a hole in its items', { items: [makeItems(1)[0], , makeItems(3)[2]], coverage }, 'items[1]', 'hole'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    ['a hole in its gaps', { items: [], coverage: { ...coverage, gaps: [, 'lost'] } }, 'coverage.gaps[0]', 'hole'],
    ['an unknown consistency', { items: [], coverage: { ...coverage, consistency: 'strong' } }, 'coverage.consistency', 'enum'],
    ['an empty cursor', { items: [], cursor: '', coverage }, 'cursor', 'length'],
  ];
  for (const [name, page, field, rule] of badPages) {
    it(`aborts with PAGE_INVALID on ${name}, naming ${field}`, async () => {
      await expect(reflect(async () => page as ReflectionPage)).rejects.toMatchObject(pageInvalid(field, rule));
    });
  }

  it('accepts an RFC 3339 date-time with an offset, a leap day and a fraction', async () => {
    const [item] = makeItems(1);
    const times = ['2024-02-29T23:59:59.123456+14:00', '2024-05-01t12:00:00z', '2024-12-31T00:00:00-00:30'];
    const source = memorySource(times.map((at, index) => ({ ...item!, id: `t${index}`, at })));
    const { model } = scriptedModel([call('query_evidence', { limit: 3 }), call('submit_report', { summary: 's', findings: [] })]);
    const report = await defineReflection({ model, source, authorize: async () => {}, ...budgets }).run('q', testContext());
    expect(report.coverage.events).toBe(3);
  });

  it('aborts with PAGE_INVALID naming the field when reading a page throws, keeping what it threw', async () => {
    const boom = new TypeError('gx');
    const page = { get items(): never { throw boom; }, coverage };
    const error: unknown = await reflect(async () => page).catch((reason: unknown) => reason);
    expect(error).toMatchObject(pageInvalid('items', 'readable'));
    expect((error as Error).cause).toBe(boom);
  });

  it('aborts with PAGE_INVALID when a page holds more items than the limit', async () => {
    await expect(reflect(async () => ({ items: makeItems(4), coverage }))).rejects.toMatchObject({ ...pageInvalid('items', 'length'), details: { field: 'items', path: '/items', rule: 'length', limit: 3, actual: 4 } });
  });

  it('refuses a page over the limit by its length alone, before reading any of its items', async () => {
    const counter = readCounter();
    const { counted } = counter;
    const valid = makeItems(50_000).map((item) => counted(item));
    const invalid = Array.from({ length: 50_000 }, (_, index) => counted({ id: `e${index}`, text: 'no type' }));
    for (const items of [valid, invalid]) {
      const error: unknown = await reflect(async () => ({ items, coverage }) as unknown as ReflectionPage).catch((reason: unknown) => reason);
      expect(error).toMatchObject({ code: 'PAGE_INVALID', message: 'reflection: source "memory" page 1: items must have at most 3 items (got 50000)' });
      expect((error as AgentCoreError).details).toEqual({ field: 'items', path: '/items', rule: 'length', limit: 3, actual: 50_000 });
    }
    expect(counter.reads).toBe(0);
    await expect(reflect(async () => ({ items: makeItems(4), coverage: { ...coverage, complete: 'no' } }) as unknown as ReflectionPage)).rejects.toMatchObject(pageInvalid('items', 'length'));
  });

  it('accepts evidence data that shares objects, reading each object a bounded number of times (a 40-level tower: 2^40 paths)', async () => {
    const counter = readCounter(1_000);
    const data = sharedTower(40, counter.counted);
    const [item] = makeItems(1);
    const source = memorySource([{ ...item!, data }]);
    const { model } = scriptedModel([call('query_evidence', { limit: 1 }), call('submit_report', { summary: 's', findings: [{ claim: 'c', evidenceIds: ['e0'] }] })]);
    const report = await defineReflection({ model, source, authorize: async () => {}, ...budgets }).run('q', testContext());
    expect(report.stoppedBy).toBe('report');
    // The cited evidence is the checked copy, which shares its parts as the original does.
    const copy = report.evidence[0]?.data as { a: unknown; b: unknown };
    expect(copy === data).toBe(false);
    expect(copy.a).toBe(copy.b);
    expect(counter.reads).toBeLessThan(1_000);
  });

  it('checks the shape of a page within the limit before its ids', async () => {
    const error: unknown = await reflect(async () => ({ items: [...makeItems(2), { id: 'e0', text: 'no type' }], coverage }) as unknown as ReflectionPage).catch((reason: unknown) => reason);
    expect(error).toMatchObject(pageInvalid('items[2].type', 'required'));
  });

  it('aborts with PAGE_INVALID when ids repeat within a page', async () => {
    const [item] = makeItems(1);
    const error: unknown = await reflect(async () => ({ items: [item!, item!], coverage })).catch((reason: unknown) => reason);
    expect(error).toMatchObject(pageInvalid('items[1].id', 'duplicate'));
    expect(error).toMatchObject({ message: 'reflection: source "memory" page 1: items[1].id repeats the id of items[0]', details: { actual: 'e0' } });
  });

  it('aborts with PAGE_INVALID when the next page of a chain repeats an id', async () => {
    const items = makeItems(3);
    const error: unknown = await reflect(async (query) => (query.cursor === undefined ? { items: items.slice(0, 2), cursor: 'next', coverage } : { items: items.slice(1, 3), coverage })).catch((reason: unknown) => reason);
    expect(error).toMatchObject(pageInvalid('items[0].id', 'duplicate', 2));
    expect(error).toMatchObject({ details: { actual: 'e1' } });
  });

  it('aborts with PAGE_INVALID when a cursor repeats', async () => {
    const items = makeItems(3);
    await expect(
      reflect(async (query) => (query.cursor === undefined ? { items: items.slice(0, 1), cursor: 'next', coverage } : { items: items.slice(1, 2), cursor: 'next', coverage })),
    ).rejects.toMatchObject({ ...pageInvalid('cursor', 'repeat', 2), details: { field: 'cursor', path: '/cursor', rule: 'repeat', actual: 'next' } });
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
    await expect(reflect(() => Promise.reject(cause))).rejects.toMatchObject({ code: 'SOURCE_FAILED', cause, message: expect.stringContaining('database down') as string, details: { sourceId: 'memory' } });
  });

  it('cuts a huge message of what the source threw after 500 characters, keeping the cause whole', async () => {
    const cause = new Error('x'.repeat(1_000_000));
    const error: unknown = await reflect(() => Promise.reject(cause)).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'SOURCE_FAILED', cause });
    expect((error as Error).message.length).toBeLessThan(600);
  });

  it('wraps an AgentCoreError of the source as SOURCE_FAILED and names its code', async () => {
    await expect(reflect(() => { throw new AgentCoreError('INPUT_INVALID', 'bad cursor'); })).rejects.toMatchObject({ code: 'SOURCE_FAILED', details: { sourceId: 'memory', causeCode: 'INPUT_INVALID' } });
  });

  it('passes UNAUTHORIZED from the source query through', async () => {
    await expect(reflect(() => Promise.reject(new AgentCoreError('UNAUTHORIZED', 'row-level security')))).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'row-level security' });
  });

  it('aborts a query that never resolves when the signal fires', async () => {
    const controller = new AbortController();
    const never = () => {
      queueMicrotask(() => {
        controller.abort(new Error('shutdown'));
      });
      return new Promise<ReflectionPage>(() => undefined);
    };
    await expect(reflect(never, undefined, controller.signal)).rejects.toMatchObject({ code: 'ABORTED', details: { step: 'while the source was queried' } });
  });

  it('gives the source the context, whose signal it may honour', async () => {
    const controller = new AbortController();
    const honour: ReflectionSource['query'] = (_query, context) => {
      controller.abort();
      return Promise.reject(context.signal.reason as Error);
    };
    await expect(reflect(honour, undefined, controller.signal)).rejects.toMatchObject({ code: 'ABORTED' });
  });
});
