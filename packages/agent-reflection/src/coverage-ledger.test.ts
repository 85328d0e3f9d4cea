import { describe, expect, it } from 'vitest';
import { CoverageLedger } from './coverage-ledger.js';
import { MAX_REPORTED_GAPS } from './gap-list.js';
import { ReflectionBudget } from './reflection-budget.js';
import type { ReflectionPage } from './reflection-page.js';

const limits = { maxCalls: 4, reserveCalls: 1, maxPages: 4, maxEvents: 64, maxEvidenceChars: 100 };
const page = (overrides: Partial<ReflectionPage> & Partial<ReflectionPage['coverage']> = {}): ReflectionPage => ({
  items: overrides.items ?? [],
  ...(overrides.cursor === undefined ? {} : { cursor: overrides.cursor }),
  coverage: { consistency: overrides.consistency ?? 'snapshot', complete: overrides.complete === undefined ? true : overrides.complete, gaps: overrides.gaps ?? [] },
});

function read(ledger: CoverageLedger, cursor: string | undefined, result: ReflectionPage, number = 1): void {
  const lookup = ledger.lookup(cursor);
  if (lookup === 'unknown') throw new Error('unknown cursor');
  ledger.addPage(lookup, result, number, 0, limits.maxEvidenceChars);
}

describe('CoverageLedger', () => {
  it('claims nothing complete when no page was read', () => {
    expect(new CoverageLedger().coverage(new ReflectionBudget(limits))).toEqual({
      calls: 0,
      pages: 0,
      events: 0,
      evidenceChars: 0,
      consistency: 'best-effort',
      complete: false,
      gaps: [],
    });
  });

  it('is complete only when every chain was followed to a page that says complete', () => {
    const ledger = new CoverageLedger();
    read(ledger, undefined, page({ cursor: 'a', complete: false }));
    expect(ledger.coverage(new ReflectionBudget(limits)).complete).toBe(false);
    read(ledger, 'a', page({ complete: true }));
    expect(ledger.coverage(new ReflectionBudget(limits))).toMatchObject({ complete: true, consistency: 'snapshot', gaps: [] });
  });

  it('is null when a last page cannot tell, and false when another says false', () => {
    const ledger = new CoverageLedger();
    read(ledger, undefined, page({ complete: null }));
    expect(ledger.coverage(new ReflectionBudget(limits)).complete).toBeNull();
    read(ledger, undefined, page({ complete: false }));
    expect(ledger.coverage(new ReflectionBudget(limits)).complete).toBe(false);
  });

  it('is best-effort as soon as one page is', () => {
    const ledger = new CoverageLedger();
    read(ledger, undefined, page());
    read(ledger, undefined, page({ consistency: 'best-effort' }));
    expect(ledger.coverage(new ReflectionBudget(limits)).consistency).toBe('best-effort');
  });

  it('merges page gaps once each, and budget refusals after them', () => {
    const ledger = new CoverageLedger();
    read(ledger, undefined, page({ gaps: ['torn line at byte 10', 'torn line at byte 10'] }));
    read(ledger, undefined, page({ gaps: ['missing file'] }));
    const budget = new ReflectionBudget(limits);
    budget.refuse('maxEvents');
    expect(ledger.coverage(budget)).toMatchObject({
      complete: false,
      gaps: ['torn line at byte 10', 'missing file', '1 query refused: maxEvents (64) was used up'],
    });
  });

  it(`lists at most ${MAX_REPORTED_GAPS} gaps, the last saying how many more there were`, () => {
    const ledger = new CoverageLedger();
    read(ledger, undefined, page({ gaps: Array.from({ length: 150 }, (_, index) => `gap ${index}`) }));
    const { gaps } = ledger.coverage(new ReflectionBudget(limits));
    expect(gaps).toHaveLength(MAX_REPORTED_GAPS);
    expect(gaps.at(-1)).toBe('51 more gap(s) not listed');
  });

  it('counts a repeated gap past the list once, and lists exactly 100 distinct gaps whole', () => {
    const repeated = new CoverageLedger();
    const gaps150 = Array.from({ length: 150 }, (_, index) => `gap ${index}`);
    read(repeated, undefined, page({ gaps: gaps150 }));
    read(repeated, undefined, page({ gaps: gaps150 }));
    expect(repeated.coverage(new ReflectionBudget(limits)).gaps.at(-1)).toBe('51 more gap(s) not listed');
    const hundred = new CoverageLedger();
    read(hundred, undefined, page({ gaps: gaps150.slice(0, 100) }));
    const { gaps } = hundred.coverage(new ReflectionBudget(limits));
    expect(gaps).toEqual(gaps150.slice(0, 100));
  });

  it('knows only cursors its pages returned', () => {
    const ledger = new CoverageLedger();
    expect(ledger.lookup('c1')).toBe('unknown');
    read(ledger, undefined, page({ cursor: 'c1', complete: false }));
    read(ledger, 'c1', page({ cursor: 'c2', complete: false }));
    expect(ledger.lookup('c2')).toMatchObject({ isNew: false });
    expect(ledger.lookup('c1')).toMatchObject({ isNew: true });
  });
});
