import { AgentCoreError } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineReflection } from './define-reflection.js';
import { pageDoor, parseReflectionPage, type ReflectionPage } from './reflection-page.js';
import { call, memorySource, scriptedModel, testContext } from '../test/support/reflection-fixtures.js';

const LIMIT = 5;
const door = pageDoor('memory', 1);

const validItem = fc.record(
  {
    id: fc.string({ minLength: 1, maxLength: 8 }),
    type: fc.string({ minLength: 1, maxLength: 8 }),
    text: fc.string(),
    at: fc.date({ min: new Date(Date.UTC(1, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }).map((date) => date.toISOString()),
    run: fc.string({ minLength: 1, maxLength: 8 }),
    data: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  },
  { requiredKeys: ['id', 'type', 'text'] },
);

const validPage: fc.Arbitrary<ReflectionPage> = fc.record(
  {
    items: fc.uniqueArray(validItem, { maxLength: LIMIT, selector: (item) => item.id }),
    cursor: fc.string({ minLength: 1 }),
    coverage: fc.record({ consistency: fc.constantFrom('snapshot' as const, 'best-effort' as const), complete: fc.constantFrom(true, false, null), gaps: fc.array(fc.string(), { maxLength: 3 }) }),
  },
  { requiredKeys: ['items', 'coverage'] },
);

/** A page with one field made wrong, and the field the refusal must name. */
const invalidPage: fc.Arbitrary<{ page: unknown; field: string }> = fc.oneof(
  validPage.filter((page) => page.items.length > 0).map((page) => ({ page: { ...page, items: [{ ...page.items[0], id: '' }, ...page.items.slice(1)] }, field: 'items[0].id' })),
  validPage.filter((page) => page.items.length > 0).map((page) => ({ page: { ...page, items: [{ ...page.items[0], at: 'yesterday' }, ...page.items.slice(1)] }, field: 'items[0].at' })),
  validPage.filter((page) => page.items.length > 0).map((page) => ({ page: { ...page, items: [...page.items.slice(0, LIMIT - 1), page.items[0]] }, field: `items[${Math.min(page.items.length, LIMIT - 1)}].id` })),
  validPage.map((page) => ({ page: { ...page, items: [...page.items, ...page.items, { id: 'x', type: 't', text: '' }, { id: 'y', type: 't', text: '' }, { id: 'z', type: 't', text: '' }, { id: 'w', type: 't', text: '' }, { id: 'v', type: 't', text: '' }, { id: 'u', type: 't', text: '' }] }, field: 'items' })),
  validPage.map((page) => ({ page: { ...page, cursor: '' }, field: 'cursor' })),
  fc.tuple(validPage, fc.string({ maxLength: 20 }).filter((key) => !['items', 'cursor', 'coverage', '__proto__'].includes(key))).map(([page, key]) => ({ page: { ...page, [key]: 1 }, field: key === '' ? '[""]' : key })),
  validPage.map((page) => ({ page: { ...page, coverage: { ...page.coverage, complete: 'no' } }, field: 'coverage.complete' })),
  validPage.map(({ coverage: _coverage, ...page }) => ({ page, field: 'coverage' })),
);

/** `page` with each of its properties (and each item's) turned into a getter that answers `page`'s value once and something invalid after. */
function flipping(page: ReflectionPage, reads: Map<string, number>): unknown {
  const flip = (target: Record<string, unknown>, key: string, value: unknown, name: string): void => {
    Object.defineProperty(target, key, {
      enumerable: true,
      get: () => {
        const count = (reads.get(name) ?? 0) + 1;
        reads.set(name, count);
        return count === 1 ? value : 5;
      },
    });
  };
  const items = page.items.map((item, index) => {
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(item)) flip(copy, key, value, `items[${index}].${key}`);
    return copy;
  });
  const copy: Record<string, unknown> = {};
  flip(copy, 'items', items, 'items');
  if (page.cursor !== undefined) flip(copy, 'cursor', page.cursor, 'cursor');
  flip(copy, 'coverage', page.coverage, 'coverage');
  return copy;
}

describe('parseReflectionPage (property)', () => {
  it('accepts every valid page as an equal copy', () => {
    fc.assert(
      fc.property(validPage, (page) => {
        const read = parseReflectionPage(page, door, LIMIT);
        expect(read).toEqual(page);
        expect(read).not.toBe(page);
      }),
      { numRuns: 1_000 },
    );
  });

  it('refuses every page with one field made wrong, with PAGE_INVALID naming that field', () => {
    fc.assert(
      fc.property(invalidPage, ({ page, field }) => {
        expect(() => parseReflectionPage(page, door, LIMIT)).toThrow(
          expect.objectContaining({
            code: 'PAGE_INVALID',
            message: expect.stringMatching(/^reflection: source "memory" page 1: /) as string,
            details: expect.objectContaining({ field }) as object,
          }) as Error,
        );
      }),
      { numRuns: 1_000 },
    );
  });

  it('reads every property once, whatever a getter answers later', () => {
    fc.assert(
      fc.property(validPage, (page) => {
        const reads = new Map<string, number>();
        expect(parseReflectionPage(flipping(page, reads), door, LIMIT)).toEqual(page);
        for (const count of reads.values()) expect(count).toBe(1);
      }),
      { numRuns: 500 },
    );
  });

  it('lets nothing but PAGE_INVALID escape for any value at all', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withSparseArray: true, withNullPrototype: true }), (value) => {
        try {
          parseReflectionPage(value, door, LIMIT);
        } catch (error) {
          expect(AgentCoreError.isInstance(error) && error.code).toBe('PAGE_INVALID');
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('defineReflection with a source whose pages flip (property)', () => {
  it('never takes more events than maxEvents and reads each property of a page once', async () => {
    await fc.assert(
      fc.asyncProperty(validPage, fc.integer({ min: 1, max: LIMIT }), async (page, maxEvents) => {
        const reads = new Map<string, number>();
        const source = memorySource([], { query: async () => flipping(page, reads) as ReflectionPage });
        const { model } = scriptedModel([call('query_evidence', { limit: LIMIT }), call('submit_report', { summary: 's', findings: [] })]);
        const reflection = defineReflection({ model, source, authorize: () => undefined, maxCalls: 3, reserveCalls: 1, maxPages: 2, maxEvents, maxEvidenceChars: 1_000_000 });
        const outcome: unknown = await reflection.run('q', testContext()).catch((error: unknown) => error);
        for (const count of reads.values()) expect(count).toBe(1);
        if (page.items.length > maxEvents) {
          expect(outcome).toMatchObject({ code: 'PAGE_INVALID', details: { field: 'items', rule: 'length', limit: maxEvents } });
        } else {
          expect(outcome).toMatchObject({ stoppedBy: 'report', coverage: { events: page.items.length } });
        }
      }),
      { numRuns: 300 },
    );
  });
});
