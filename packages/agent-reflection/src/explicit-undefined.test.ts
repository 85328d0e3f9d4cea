import type { LogPage, ReflectionLogReader } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { call, scriptedModel, testContext } from '../test/support/reflection-fixtures.js';
import { defineReflection } from './define-reflection.js';
import { defineReflectionLogSource } from './define-reflection-log-source.js';
import type { ReflectionSource } from './reflection-source.js';

// Optional fields are typed `T | undefined` (exactOptionalPropertyTypes): an explicit `undefined`
// must mean "absent" at run time too.
describe('an explicit undefined optional field counts as absent', () => {
  it("in a page's cursor and an evidence item's at, run and data, and in the run context", async () => {
    const source: ReflectionSource = {
      id: 'src',
      description: 'd',
      authorize: () => undefined,
      query: () =>
        Promise.resolve({
          items: [{ id: 'e1', type: 't', text: 'hello', at: undefined, run: undefined, data: undefined }],
          cursor: undefined,
          coverage: { consistency: 'snapshot', complete: true, gaps: [] },
        }),
    };
    const { model } = scriptedModel([call('query_evidence', { limit: 5 }), call('submit_report', { summary: 's', findings: [{ claim: 'c', evidenceIds: ['e1'] }] })]);
    const reflection = defineReflection({ model, source, authorize: () => undefined, maxCalls: 4, reserveCalls: 1, maxPages: 3, maxEvents: 10, maxEvidenceChars: 1000 });
    const report = await reflection.run('what happened?', { ...testContext(), logger: undefined, diagnostics: undefined });
    expect(report.stoppedBy).toBe('report');
    expect(report.evidence.map((item) => item.id)).toStrictEqual(['e1']);
  });

  it("in log source options, a query's run, types and cursor, and an App reader's page", async () => {
    const page: LogPage = {
      records: [{ traceId: 'run-1', flowId: 'f', seq: 1, at: '2024-05-01T12:00:00.000Z', type: 't', data: undefined }],
      cursor: undefined,
      complete: true,
      gaps: [],
    };
    const reader: ReflectionLogReader = { read: () => Promise.resolve(page) };
    const source = defineReflectionLogSource({ reader, traceId: 'run-1', id: 'logs', authorize: () => undefined, description: undefined });
    const query = { run: undefined, types: undefined, cursor: undefined, limit: 5 };
    await source.authorize(query, testContext());
    const result = await source.query(query, testContext());
    expect(result.items.map((item) => item.id)).toStrictEqual(['run-1:1']);
    expect('cursor' in result).toBe(false);
    expect(source.description).toContain('run-1');
  });
});
