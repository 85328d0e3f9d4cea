import { describe, expect, it } from 'vitest';
import { defineReflection } from './define-reflection.js';
import type { ReflectionPage } from './reflection-page.js';
import { call, makeItems, memorySource, scriptedModel, testContext } from '../test/support/reflection-fixtures.js';

describe('read once (issue 21)', () => {
  it('reads a page items getter once: the reflection never exceeds maxEvents', async () => {
    let reads = 0;
    const page = {
      get items() {
        reads += 1;
        return reads <= 5 ? makeItems(2) : makeItems(500);
      },
      coverage: { consistency: 'snapshot', complete: true, gaps: [] },
    } as unknown as ReflectionPage;
    const source = memorySource([], { query: async () => page });
    const { model } = scriptedModel([call('query_evidence', { limit: 2 }), call('submit_report', { summary: 's', findings: [] })]);
    const report = await defineReflection({ model, source, authorize: () => undefined, maxCalls: 4, reserveCalls: 1, maxPages: 4, maxEvents: 2, maxEvidenceChars: 100_000 }).run('q', testContext());
    expect(report.coverage.events).toBeLessThanOrEqual(2);
    expect(reads).toBe(1);
  });

  it('reads context.signal once: a getter that flips gives no bare TypeError', async () => {
    let reads = 0;
    const signal = new AbortController().signal;
    const context = Object.defineProperty({ app: {} }, 'signal', { enumerable: true, get: () => (reads++ === 0 ? signal : undefined) });
    const { model } = scriptedModel([call('submit_report', { summary: 's', findings: [] })]);
    const report = await defineReflection({ model, source: memorySource([]), authorize: () => undefined, maxCalls: 4, reserveCalls: 1, maxPages: 4, maxEvents: 2, maxEvidenceChars: 100 }).run('q', context as never);
    expect(report.stoppedBy).toBe('report');
    expect(reads).toBe(1);
  });
});
