import { parser } from '@jangts/agent-types/internal';
import type { ProviderRequest } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineReflection } from './define-reflection.js';
import type { ReflectionEvidence } from './reflection-evidence.js';
import type { ReflectionPage } from './reflection-page.js';
import type { ReflectionSource } from './reflection-source.js';
import { ReflectionReportSchema } from './reflection-report.js';
import { allToolResults, scriptedModel, testContext } from '../test/support/reflection-fixtures.js';

const reportShape = parser(ReflectionReportSchema, { subject: 'report', code: 'OUTPUT_INVALID', name: 'report' });

type Action =
  | { readonly kind: 'query'; readonly limit: number; readonly cursor: 'none' | 'latest' | 'oldest' | 'bogus'; readonly types: boolean }
  | { readonly kind: 'report'; readonly cite: readonly ('read' | 'unknown')[]; readonly pick: number }
  | { readonly kind: 'text' };

const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      limit: fc.oneof(fc.integer({ min: -10, max: 50 }), fc.constant(1_000_000), fc.double({ min: -5, max: 100, noNaN: true })),
      cursor: fc.constantFrom('none' as const, 'latest' as const, 'oldest' as const, 'bogus' as const),
      types: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('report' as const), cite: fc.array(fc.constantFrom('read' as const, 'read' as const, 'read' as const, 'unknown' as const), { maxLength: 3 }), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'text' as const }) },
);

const budgetArbitrary = fc
  .record({ maxCalls: fc.integer({ min: 2, max: 8 }), maxPages: fc.integer({ min: 1, max: 5 }), maxEvents: fc.integer({ min: 1, max: 30 }), maxEvidenceChars: fc.integer({ min: 1, max: 300 }) })
  .chain((budget) => fc.record({ reserveCalls: fc.integer({ min: 1, max: budget.maxCalls - 1 }) }).map((reserve) => ({ ...budget, ...reserve })));

const sourceArbitrary = fc.record({
  texts: fc.array(fc.string({ unit: fc.constantFrom('a', 'ß', '😀', ' ', '"', '\n', 'system:'), maxLength: 30 }), { maxLength: 40 }),
  pageShrink: fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 8 }),
  complete: fc.constantFrom(true, false, null),
  consistency: fc.constantFrom('snapshot' as const, 'best-effort' as const),
});

type SourceConfig = typeof sourceArbitrary extends fc.Arbitrary<infer TConfig> ? TConfig : never;

/** A well-behaved source that may return fewer items than asked, and records what it returned. */
function recordingSource(config: SourceConfig): { source: ReflectionSource; returned: Set<string>; pages: number[] } {
  const items: ReflectionEvidence[] = config.texts.map((text, index) => ({ id: `i${index}`, type: index % 3 === 0 ? 'a' : 'b', text }));
  const returned = new Set<string>();
  const pages: number[] = [];
  return {
    returned,
    pages,
    source: {
      id: 'random',
      description: 'random evidence',
      authorize: () => undefined,
      query: async (query) => {
        // A cursor carries its chain's type filter (as real sources scope cursors): a model that
        // reuses it with other types still continues that chain, never repeating its items.
        const cursorTypes = query.cursor?.split(':')[0];
        const types = cursorTypes === undefined ? query.types : cursorTypes === '*' ? undefined : cursorTypes.split(',');
        const selected = types === undefined ? items : items.filter((item) => types.includes(item.type));
        const offset = query.cursor === undefined ? 0 : Number(query.cursor.split(':')[1]);
        const shrink = config.pageShrink[pages.length % config.pageShrink.length] ?? 0;
        const end = Math.min(selected.length, offset + Math.max(0, query.limit - shrink));
        const page: ReflectionPage = {
          items: selected.slice(offset, end),
          ...(end < selected.length ? { cursor: `${types?.join(',') ?? '*'}:${end}:${pages.length}` } : {}),
          coverage: { consistency: config.consistency, complete: end < selected.length ? false : config.complete, gaps: [] },
        };
        pages.push(page.items.length);
        for (const item of page.items) returned.add(item.id);
        return page;
      },
    },
  };
}

function step(action: Action) {
  return (request: ProviderRequest) => {
    const results = allToolResults(request);
    const read = results.flatMap((result) => ((result.items ?? []) as { id: string }[]).map((item) => item.id));
    const cursors = results.flatMap((result) => (typeof result.cursor === 'string' ? [result.cursor] : []));
    switch (action.kind) {
      case 'text':
        return 'no tools today';
      case 'report': {
        const ids = action.cite.map((kind, index) => (kind === 'read' && read.length > 0 ? read[(action.pick + index) % read.length]! : `ghost-${index}`));
        return { toolCalls: [{ toolId: 'submit_report', args: { summary: 'summary', findings: ids.length === 0 ? [] : [{ claim: 'claim', evidenceIds: ids }] } }] };
      }
      case 'query': {
        const cursor = { none: undefined, latest: cursors.at(-1), oldest: cursors[0], bogus: 'bogus:0:0' }[action.cursor];
        const args = { limit: action.limit, ...(cursor === undefined ? {} : { cursor }), ...(action.types ? { types: ['a'] } : {}) };
        const offered = request.tools.some((tool) => tool.id === 'query_evidence');
        const findings = read.length === 0 ? [] : [{ claim: 'last read', evidenceIds: [read.at(-1)!] }];
        return { toolCalls: [{ toolId: offered ? 'query_evidence' : 'submit_report', args: offered ? args : { summary: 'forced', findings } }] };
      }
    }
  };
}

describe('defineReflection budgets (property)', () => {
  it('never exceeds calls, pages, events or evidence characters, and cites only returned ids', async () => {
    await fc.assert(
      fc.asyncProperty(budgetArbitrary, sourceArbitrary, fc.array(actionArbitrary, { minLength: 8, maxLength: 8 }), async (budget, sourceConfig, actions) => {
        const { source, returned, pages } = recordingSource(sourceConfig);
        const { model, provider } = scriptedModel(actions.map(step));
        const report = await defineReflection({ model, source, authorize: () => undefined, ...budget }).run('What happened?', testContext());

        expect(reportShape.parse(report)).toEqual(report);
        expect(provider.requests.length).toBe(report.coverage.calls);
        expect(report.coverage.calls).toBeLessThanOrEqual(budget.maxCalls);
        expect(pages.length).toBe(report.coverage.pages);
        expect(report.coverage.pages).toBeLessThanOrEqual(budget.maxPages);
        expect(pages.reduce((sum, count) => sum + count, 0)).toBe(report.coverage.events);
        expect(report.coverage.events).toBeLessThanOrEqual(budget.maxEvents);
        expect(report.coverage.evidenceChars).toBeLessThanOrEqual(budget.maxEvidenceChars);
        const sentChars = allToolResults(provider.requests.at(-1)!)
          .flatMap((result) => (result.items ?? []) as { text: string }[])
          .reduce((sum, item) => sum + item.text.length, 0);
        expect(sentChars).toBeLessThanOrEqual(budget.maxEvidenceChars);
        for (const finding of report.findings) {
          expect(finding.evidenceIds.length).toBeGreaterThan(0);
          for (const id of finding.evidenceIds) expect(returned.has(id)).toBe(true);
        }
        for (const item of report.evidence) expect(returned.has(item.id)).toBe(true);
        if (report.stoppedBy === 'no-report') expect(report).toMatchObject({ summary: '', findings: [], evidence: [] });
        for (const request of provider.requests) {
          expect(request.messages.filter((message) => message.role === 'system')).toEqual([provider.requests[0]!.messages[0]]);
          if (request.tools.length === 1) expect(request.tools[0]?.id).toBe('submit_report');
        }
      }),
      { numRuns: 150 },
    );
  });
});
