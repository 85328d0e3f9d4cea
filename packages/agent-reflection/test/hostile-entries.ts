import { ModelRunner } from '@jangts/agent-runner';
import { createScriptedProvider } from '@jangts/agent-runner/providers/scripted';
import fc from 'fast-check';
import { appSignal, type HostileEntry } from '../../agent-types/test/hostile-entry.js';
import { defineReflectionLogSource } from '../src/define-reflection-log-source.js';
import { defineReflection } from '../src/define-reflection.js';
import { makeItems, pagingModel } from './support/reflection-fixtures.js';

const fresh = <TValue>(make: () => TValue): fc.Arbitrary<TValue> => fc.constant(null).map(make);

const context = fresh(() => ({ app: { user: 'ops' }, signal: appSignal() }));

/** A page of evidence as a source returns it (the App's value: hostile edits reach it). */
const evidencePage = fc.nat({ max: 4 }).map((count) => ({ items: makeItems(count), coverage: { consistency: 'snapshot', complete: true, gaps: [] } }));

/** A source answering every query with its own `page` (read through `this`, so that edits of the page reach it). */
const evidenceSource = evidencePage.map((page) => ({
  id: 'ops-events',
  description: 'Operations events.',
  page,
  authorize: () => undefined,
  query(this: { page: unknown }) {
    return Promise.resolve(this.page);
  },
}));

const reflectionOptions = fc.record({
  model: fc.integer({ min: 4, max: 8 }).map((limit) => new ModelRunner({ provider: createScriptedProvider([pagingModel(limit), pagingModel(limit), pagingModel(limit)]) })),
  source: evidenceSource,
  maxCalls: fc.integer({ min: 2, max: 4 }),
  reserveCalls: fc.constant(1),
  maxPages: fc.integer({ min: 1, max: 3 }),
  maxEvents: fc.integer({ min: 5, max: 20 }),
  maxEvidenceChars: fc.integer({ min: 1, max: 4000 }),
  authorize: fresh(() => () => undefined),
});

/** Records of a trace as a log reader returns them (the App's value). */
const logPage = fc.nat({ max: 3 }).map((count) => ({
  records: Array.from({ length: count }, (_, index) => ({ traceId: 'order-7', flowId: 'f1', seq: index + 1, at: new Date(Date.UTC(2024, 4, 1, 12, 0, index)).toISOString(), type: 'payment.failed', data: { status: 503 } })),
  complete: true,
  gaps: [],
}));

/** The public entry points of agent-reflection, each with valid argument lists. */
export const reflectionHostileEntries: readonly HostileEntry[] = [
  {
    name: 'defineReflection + run',
    valid: fc.tuple(reflectionOptions, fc.constantFrom('Why did checkout fail?', 'What happened to order 7?'), context),
    run: ([options, question, runContext]) => defineReflection(options as never).run(question as never, runContext as never),
  },
  {
    name: 'defineReflectionLogSource + query',
    valid: fc.tuple(
      fc.record(
        {
          reader: logPage.map((page) => ({
            page,
            read(this: { page: unknown }) {
              return Promise.resolve(this.page);
            },
          })),
          traceId: fc.constant('order-7'),
          id: fc.constant('order-history'),
          authorize: fresh(() => () => undefined),
          description: fc.constant('Order history.'),
        },
        { requiredKeys: ['reader', 'traceId', 'id', 'authorize'] },
      ),
      fc.record({ limit: fc.integer({ min: 3, max: 50 }), types: fc.constant(['payment.failed']) }, { requiredKeys: ['limit'] }),
      context,
    ),
    run: async ([options, query, queryContext]) => {
      const source = defineReflectionLogSource(options as never);
      await source.authorize(query as never, queryContext as never);
      return source.query(query as never, queryContext as never);
    },
  },
];
