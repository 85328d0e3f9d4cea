import { describe, expect, it } from 'vitest';
import { defineReflection } from './define-reflection.js';
import { allToolResults, call, lastToolResults, makeItems, memorySource, pagingModel, resultIds, scriptedModel, testContext } from '../test/support/reflection-fixtures.js';

const budgets = { maxCalls: 6, reserveCalls: 1, maxPages: 4, maxEvents: 64, maxEvidenceChars: 12_000 };

describe('defineReflection', () => {
  it('reviews the source through query_evidence and resolves to the submitted report', async () => {
    const source = memorySource(makeItems(5));
    const { model, provider } = scriptedModel([
      call('query_evidence', { limit: 10 }),
      (request) => {
        const [result] = lastToolResults(request);
        return call('submit_report', {
          summary: 'Five events; the first one started the model.',
          findings: [{ claim: 'The model started', evidenceIds: [resultIds(result)[0]] }],
        }) as never;
      },
    ]);
    const reflection = defineReflection({ model, source, authorize: async () => {}, ...budgets });
    const report = await reflection.run('What happened?', testContext());
    expect(report.stoppedBy).toBe('report');
    expect(report.question).toBe('What happened?');
    expect(report.summary).toBe('Five events; the first one started the model.');
    expect(report.findings).toEqual([{ claim: 'The model started', evidenceIds: ['e0'] }]);
    expect(report.evidence).toEqual([{ ...makeItems(1)[0], sourceId: 'memory' }]);
    expect(report.coverage).toEqual({ calls: 2, pages: 1, events: 5, evidenceChars: 5 * 'event 0 happened'.length, consistency: 'snapshot', complete: true, gaps: [] });
    expect(source.queryCalls).toEqual([{ limit: 10 }]);
    expect(provider.requests.map((request) => request.stageId)).toEqual(['reflection', 'reflection']);
    expect(provider.requests[0]?.tools.map((tool) => tool.id)).toEqual(['query_evidence', 'submit_report']);
  });

  it('offers only submit_report in the reserved calls', async () => {
    const source = memorySource(makeItems(50));
    const { model, provider } = scriptedModel(Array.from({ length: 5 }, () => pagingModel(2)));
    const report = await defineReflection({ model, source, authorize: () => undefined, maxCalls: 5, reserveCalls: 2, maxPages: 10, maxEvents: 50, maxEvidenceChars: 10_000 }).run('q', testContext());
    expect(provider.requests.map((request) => request.tools.map((tool) => tool.id).join(','))).toEqual([
      'query_evidence,submit_report',
      'query_evidence,submit_report',
      'query_evidence,submit_report',
      'submit_report',
    ]);
    expect(report.stoppedBy).toBe('report');
    expect(report.coverage.pages).toBe(3);
    expect(report.coverage.complete).toBe(false);
    expect(report.coverage.gaps).toEqual(['more evidence was available: 1 result(s) had a cursor that was not followed']);
  });

  it('follows cursors through the chain and reports the whole source as covered', async () => {
    const source = memorySource(makeItems(7));
    const { model } = scriptedModel(Array.from({ length: 6 }, () => pagingModel(3)));
    const report = await defineReflection({ model, source, authorize: () => undefined, ...budgets }).run('q', testContext());
    expect(source.queryCalls).toEqual([{ limit: 3 }, { cursor: 'c3', limit: 3 }, { cursor: 'c6', limit: 3 }]);
    expect(report.coverage).toMatchObject({ calls: 4, pages: 3, events: 7, complete: true, consistency: 'snapshot' });
    expect(report.findings).toEqual([{ claim: 'the events were read', evidenceIds: ['e0'] }]);
  });

  it('passes run and types to the source and drops an empty types list', async () => {
    const source = memorySource(makeItems(6));
    const { model } = scriptedModel([
      { toolCalls: [{ toolId: 'query_evidence', args: { run: 'run-1', types: ['model.end'], limit: 2 } }, { toolId: 'query_evidence', args: { types: [], limit: 1 } }] },
      call('submit_report', { summary: 'done', findings: [] }),
    ]);
    const report = await defineReflection({ model, source, authorize: () => undefined, ...budgets }).run('q', testContext());
    expect(source.authorizeCalls).toEqual([{ run: 'run-1', types: ['model.end'], limit: 2 }, { limit: 1 }]);
    expect(source.queryCalls).toEqual(source.authorizeCalls);
    expect(report.findings).toEqual([]);
    expect(report.evidence).toEqual([]);
    expect(report.coverage.events).toBe(3);
  });

  it('tells the model what is left of every budget in each tool result', async () => {
    const source = memorySource(makeItems(3));
    const { model, provider } = scriptedModel([call('query_evidence', { limit: 2 }), call('submit_report', { summary: 's', findings: [] })]);
    await defineReflection({ model, source, authorize: () => undefined, ...budgets }).run('q', testContext());
    const [result] = allToolResults(provider.requests[1]!);
    expect(result).toMatchObject({
      ok: true,
      cursor: 'c2',
      complete: false,
      budget: { callsLeft: 5, queryCallsLeft: 4, pagesLeft: 3, eventsLeft: 62, evidenceCharsLeft: 12_000 - 2 * 'event 0 happened'.length },
    });
  });

  it('records its steps into context.logger', async () => {
    const records: { type: string; data: unknown }[] = [];
    const logger = { traceId: 't', flowId: 'f', record: (type: string, data?: unknown) => records.push({ type, data }), child: () => logger };
    const source = memorySource(makeItems(2));
    const { model } = scriptedModel([call('query_evidence', { limit: 5 }), call('submit_report', { summary: 's', findings: [] })]);
    await defineReflection({ model, source, authorize: () => undefined, ...budgets }).run('q', { ...testContext(), logger });
    const types = records.map((record) => record.type);
    expect(types.filter((type) => type.startsWith('reflection.'))).toEqual(['reflection.start', 'reflection.page', 'reflection.end']);
    expect(types.filter((type) => type === 'model.start')).toHaveLength(2);
    expect(records.at(-1)).toEqual({ type: 'reflection.end', data: { ok: true, stoppedBy: 'report', calls: 2, pages: 1, events: 2, evidenceChars: 32, findings: 0 } });
  });

  it('records each refusal with its reason and code', async () => {
    const records: { type: string; data: unknown }[] = [];
    const logger = { traceId: 't', flowId: 'f', record: (type: string, data?: unknown) => records.push({ type, data }), child: () => logger };
    const { model } = scriptedModel([
      call('delete_everything', {}),
      call('query_evidence', { limit: 5, cursor: 'forged' }),
      call('submit_report', { summary: 's', findings: [{ claim: 'c', evidenceIds: ['nope'] }] }),
      call('submit_report', { summary: 's', findings: [] }),
    ]);
    await defineReflection({ model, source: memorySource(makeItems(2)), authorize: () => undefined, ...budgets }).run('q', { ...testContext(), logger });
    expect(records.filter((record) => record.type === 'reflection.refused').map((record) => record.data)).toEqual([
      { call: 1, reason: 'output-invalid', code: 'OUTPUT_INVALID' },
      { call: 2, tool: 'query_evidence', reason: expect.any(String) as string, code: 'INPUT_INVALID' },
      { call: 3, tool: 'submit_report', reason: 'report', code: 'INPUT_INVALID' },
    ]);
  });

  it('keeps going when the logger throws', async () => {
    const logger = { traceId: 't', flowId: 'f', record: () => { throw new Error('disk full'); }, child: () => logger };
    const { model } = scriptedModel([call('submit_report', { summary: 's', findings: [] })]);
    const report = await defineReflection({ model, source: memorySource([]), authorize: () => undefined, ...budgets }).run('q', { ...testContext(), logger });
    expect(report.stoppedBy).toBe('report');
  });
});
