import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api';
import { AgentCoreError, type ReflectionLogReader } from '@jangts/agent-types';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFileLogStore } from '../file/index.js';
import { exportTraceToOtel } from './export-trace-to-otel.js';
import { millis, otelHarness, type OtelHarness } from './testing/otel-harness.js';
import { CHILD_FLOW, memoryReader, recordTurnTrace, ROOT_FLOW, turnTraceRecords } from './testing/turn-trace.js';
import { withOtelSpans } from './with-otel-spans.js';

const START = Date.UTC(2024, 4, 1, 10);
const at = (seq: number): number => START + seq * 100;
const signal = (): AbortSignal => AbortSignal.timeout(60_000);
let otel: OtelHarness;

beforeEach(() => {
  otel = otelHarness();
});

/** The span of the record at `seq` in {@link turnTraceRecords} (by the seq of its first record). */
function spanStartingAt(seq: number) {
  const found = otel.spans().find((span) => span.attributes['agent_core.record.start_seq'] === seq);
  if (found === undefined) throw new Error(`no span starts at seq ${seq}`);
  return found;
}

describe('exportTraceToOtel', () => {
  it('replays a stored trace with the times of its records and the seqs of each span’s first and last record', async () => {
    const records = turnTraceRecords('run-1');
    const result = await exportTraceToOtel({ reader: memoryReader(records), traceId: 'run-1', tracer: otel.tracer, signal: signal(), pageSize: 3 });
    expect(result).toEqual({ traceId: 'run-1', records: 19, spans: 7, complete: true, gaps: [] });

    const root = otel.span('agent_core.trace');
    expect(otel.parentName(root)).toBeUndefined();
    expect([millis(root.startTime), millis(root.endTime)]).toEqual([at(0), at(18)]);
    expect(root.attributes).toMatchObject({ 'agent_core.trace.id': 'run-1', 'agent_core.trace.records': 19, 'agent_core.trace.complete': true, 'agent_core.record.start_seq': 0, 'agent_core.record.end_seq': 18 });
    expect(otel.spans().every((span) => span.spanContext().traceId === root.spanContext().traceId)).toBe(true);

    // seq: 1 turn.start, 2 model.start, 3 retry, 4 model.end, 5 step, 6/7 proposed, 8/9 decided,
    // 10 flow.start (child), 11/12 child model call, 13/14 results, 15/16 model call, 17 step, 18 turn.end
    const agent = otel.span('invoke_agent agent');
    expect(otel.parentName(agent)).toBe('agent_core.trace');
    expect([millis(agent.startTime), millis(agent.endTime)]).toEqual([at(1), at(18)]);
    expect(agent.attributes).toMatchObject({ 'agent_core.flow.id': ROOT_FLOW, 'agent_core.record.start_seq': 1, 'agent_core.record.end_seq': 18 });

    const first = spanStartingAt(2);
    expect(first.name).toBe('chat agent');
    expect([millis(first.startTime), millis(first.endTime)]).toEqual([at(2), at(4)]);
    expect(first.attributes['agent_core.record.end_seq']).toBe(4);
    expect(first.events.map((event) => [event.name, millis(event.time), event.attributes?.['agent_core.record.seq']])).toEqual([['agent_core.model.retry', at(3), 3]]);

    // The call that ran: from the last decision (seq 9) to its result (seq 13); its first record is its proposal (seq 6).
    const search = otel.span('execute_tool search');
    expect([millis(search.startTime), millis(search.endTime)]).toEqual([at(9), at(13)]);
    expect(search.attributes).toMatchObject({ 'agent_core.record.start_seq': 6, 'agent_core.record.end_seq': 13 });
    // The denied one: from the result before it to its own.
    const denied = otel.span('execute_tool delete');
    expect([millis(denied.startTime), millis(denied.endTime)]).toEqual([at(13), at(14)]);
    expect(denied.attributes).toMatchObject({ 'agent_core.record.start_seq': 7, 'agent_core.record.end_seq': 14, 'error.type': 'DENIED' });

    const childCall = otel.span('chat claude-sonnet-4-5');
    expect(otel.parentName(childCall)).toBe('invoke_agent agent');
    expect(childCall.attributes).toMatchObject({ 'agent_core.flow.id': CHILD_FLOW, 'agent_core.record.start_seq': 11, 'agent_core.record.end_seq': 12 });
    expect(agent.events.map((event) => [millis(event.time), event.attributes?.['agent_core.record.seq']])).toEqual([
      [at(5), 5],
      [at(17), 17],
    ]);
  });

  it('gives the spans the live exporter gives, with the same names, parents and GenAI attributes', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'otel-export-'));
    const store = createFileLogStore({ directory });
    try {
      const live = otelHarness();
      recordTurnTrace(withOtelSpans(store.open('run-both', 'chat'), { tracer: live.tracer }));
      await exportTraceToOtel({ reader: store.reader, traceId: 'run-both', tracer: otel.tracer, signal: signal() });
      const shape = (harness: OtelHarness) =>
        harness
          .spans()
          .filter((span) => span.name !== 'agent_core.trace')
          .map((span) => ({
            name: span.name,
            kind: span.kind,
            parent: harness.parentName(span) === 'agent_core.trace' ? undefined : harness.parentName(span),
            status: span.status.code,
            attributes: Object.fromEntries(Object.entries(span.attributes).filter(([key]) => !key.startsWith('agent_core.record.'))),
            events: span.events.map((event) => [event.name, Object.fromEntries(Object.entries(event.attributes ?? {}).filter(([key]) => key !== 'agent_core.record.seq'))]),
          }));
      expect(shape(otel)).toEqual(shape(live));
      expect(otel.spans().every((span) => typeof span.attributes['agent_core.record.start_seq'] === 'number')).toBe(true);
    } finally {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('starts the trace’s span in the parent given, and asks a TracerProvider for its tracer', async () => {
    const job = otel.tracer.startSpan('nightly export');
    await exportTraceToOtel({ reader: memoryReader(turnTraceRecords('run-2')), traceId: 'run-2', tracerProvider: otel.provider, parent: trace.setSpan(ROOT_CONTEXT, job), signal: signal() });
    job.end();
    expect(otel.parentName(otel.span('agent_core.trace'))).toBe('nightly export');
    expect(otel.span('agent_core.trace').instrumentationScope.name).toBe('@jangts/agent-trace');
  });

  it('ends the spans of a trace that stops inside a turn at its last record, marked incomplete', async () => {
    const records = turnTraceRecords('run-3').slice(0, 4); // flow.start, turn.start, model.start, retry
    const result = await exportTraceToOtel({ reader: memoryReader(records), traceId: 'run-3', tracer: otel.tracer, signal: signal() });
    expect(result.spans).toBe(3);
    for (const name of ['invoke_agent agent', 'chat agent']) {
      const span = otel.span(name);
      expect(millis(span.endTime)).toBe(at(3));
      expect(span.attributes['agent_core.span.incomplete']).toBe(true);
      expect(span.status.code).toBe(SpanStatusCode.UNSET);
    }
  });

  it('exports nothing for a trace without records, and passes on what the reader says of it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'otel-empty-'));
    const store = createFileLogStore({ directory });
    try {
      const result = await exportTraceToOtel({ reader: store.reader, traceId: 'never-written', tracer: otel.tracer, signal: signal() });
      expect(result).toEqual({ traceId: 'never-written', records: 0, spans: 0, complete: false, gaps: ['trace "never-written" has no log file'] });
      expect(otel.spans()).toEqual([]);
    } finally {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  describe('reflection findings', () => {
    const evidence = (seq: number) => ({ id: `run-4:${seq}`, run: 'run-4', sourceId: 'history', type: 'x', text: 'SECRET-EVIDENCE', data: { flowId: ROOT_FLOW, seq } });
    const report = {
      question: 'SECRET-QUESTION',
      summary: 'SECRET-SUMMARY',
      findings: [
        { claim: 'SECRET-CLAIM the delete was denied', evidenceIds: ['run-4:14', 'run-4:9'] },
        { claim: 'SECRET-CLAIM the retry', evidenceIds: ['run-4:3'] },
        { claim: 'SECRET-CLAIM elsewhere', evidenceIds: ['other-run:2'] },
        { claim: 'SECRET-CLAIM the start', evidenceIds: ['run-4:0'] },
      ],
      evidence: [evidence(14), evidence(9), evidence(3), evidence(0), { id: 'other-run:2', run: 'other-run', sourceId: 'history', type: 'x', text: 'x' }],
      coverage: { calls: 3, pages: 1, events: 19, evidenceChars: 100, consistency: 'snapshot', complete: true, gaps: [] },
      stoppedBy: 'report',
    } as const;

    it('are gen_ai.evaluation.result events on the span holding the first record each cites, without their claims', async () => {
      await exportTraceToOtel({ reader: memoryReader(turnTraceRecords('run-4')), traceId: 'run-4', tracer: otel.tracer, signal: signal(), reflection: report, evaluationName: 'audit' });
      const evaluations = otel.spans().flatMap((span) => span.events.filter((event) => event.name === 'gen_ai.evaluation.result').map((event) => [span.name, millis(event.time), event.attributes]));
      expect(evaluations).toEqual([
        ['chat agent', at(3), { 'gen_ai.evaluation.name': 'audit', 'agent_core.reflection.finding': 1, 'agent_core.reflection.evidence_ids': ['run-4:3'], 'agent_core.record.seqs': [3] }],
        // seq 9 is call-2's decision: it belongs to the delete call's span.
        ['execute_tool delete', at(9), { 'gen_ai.evaluation.name': 'audit', 'agent_core.reflection.finding': 0, 'agent_core.reflection.evidence_ids': ['run-4:14', 'run-4:9'], 'agent_core.record.seqs': [14, 9] }],
        ['agent_core.trace', at(0), { 'gen_ai.evaluation.name': 'audit', 'agent_core.reflection.finding': 3, 'agent_core.reflection.evidence_ids': ['run-4:0'], 'agent_core.record.seqs': [0] }],
      ]);
      expect(JSON.stringify(otel.spans().map((span) => [span.attributes, span.events]))).not.toMatch(/SECRET/);
    });

    it('of a reflection that ran out of calls are one BUDGET_EXHAUSTED event on the trace’s span', async () => {
      await exportTraceToOtel({ reader: memoryReader(turnTraceRecords('run-4')), traceId: 'run-4', tracer: otel.tracer, signal: signal(), reflection: { ...report, findings: [], evidence: [], stoppedBy: 'no-report' } });
      expect(otel.span('agent_core.trace').events.map((event) => event.attributes)).toEqual([{ 'gen_ai.evaluation.name': 'agent_core.reflection', 'error.type': 'BUDGET_EXHAUSTED' }]);
    });
  });

  describe('fails, ending the spans opened so far as failed', () => {
    /** A reader that gives the first `pages` pages of the trace, then `next`. */
    function failingAfter(pages: number, next: () => Promise<unknown>): ReflectionLogReader {
      const inner = memoryReader(turnTraceRecords('run-5'));
      let reads = 0;
      return { read: (request) => (reads++ < pages ? inner.read(request) : (next() as never)) };
    }

    it('with the reader’s own AgentCoreError', async () => {
      const failure = new AgentCoreError('LOG_FAILED', 'the line at bytes 10-20 is not JSON');
      const reader = failingAfter(1, () => Promise.reject(failure));
      await expect(exportTraceToOtel({ reader, traceId: 'run-5', tracer: otel.tracer, signal: signal(), pageSize: 3 })).rejects.toBe(failure);
      expect(otel.spans().map((span) => [span.name, span.status.code, span.attributes['error.type'], millis(span.endTime)])).toEqual([
        ['chat agent', SpanStatusCode.ERROR, 'LOG_FAILED', at(2)],
        ['invoke_agent agent', SpanStatusCode.ERROR, 'LOG_FAILED', at(2)],
        ['agent_core.trace', SpanStatusCode.ERROR, 'LOG_FAILED', at(2)],
      ]);
    });

    it('with SOURCE_FAILED for anything else the reader throws', async () => {
      const reader = failingAfter(0, () => Promise.reject(new TypeError('socket closed')));
      await expect(exportTraceToOtel({ reader, traceId: 'run-5', tracer: otel.tracer, signal: signal() })).rejects.toMatchObject({ code: 'SOURCE_FAILED', details: { traceId: 'run-5' }, message: expect.stringMatching(/socket closed/) });
      expect(otel.spans()).toEqual([]);
    });

    it.each([
      ['a page of the wrong shape', () => Promise.resolve({ records: 'none', complete: true, gaps: [] }), 'records', 'type'],
      ['a record of another trace', () => Promise.resolve({ records: [{ ...turnTraceRecords('run-x')[5]! }], complete: true, gaps: [] }), 'records[0].traceId', 'trace'],
      ['a seq not after the one before', () => Promise.resolve({ records: [{ ...turnTraceRecords('run-5')[1]! }], complete: true, gaps: [] }), 'records[0].seq', 'order'],
      ['a repeated cursor', () => Promise.resolve({ records: [], cursor: '3', complete: false, gaps: [] }), 'cursor', 'cursor'],
    ])('with PAGE_INVALID for %s', async (_name, next, field, rule) => {
      const reader = failingAfter(1, next);
      await expect(exportTraceToOtel({ reader, traceId: 'run-5', tracer: otel.tracer, signal: signal(), pageSize: 3 })).rejects.toMatchObject({ code: 'PAGE_INVALID', details: { field, rule }, message: expect.stringMatching(/^exportTraceToOtel reader page: /) });
      expect(otel.span('agent_core.trace').attributes['error.type']).toBe('PAGE_INVALID');
    });

    it('with ABORTED when the signal fires between pages', async () => {
      const controller = new AbortController();
      const inner = memoryReader(turnTraceRecords('run-6'));
      const reader: ReflectionLogReader = {
        read: async (request) => {
          const page = await inner.read(request);
          controller.abort(new Error('shutting down'));
          return page;
        },
      };
      await expect(exportTraceToOtel({ reader, traceId: 'run-6', tracer: otel.tracer, signal: controller.signal, pageSize: 5 })).rejects.toMatchObject({ code: 'ABORTED' });
      expect(inner.reads).toBe(1);
      expect(otel.span('agent_core.trace').attributes['error.type']).toBe('ABORTED');
    });
  });

  describe('refuses options', () => {
    const valid = () => ({ reader: memoryReader([]), traceId: 'run-1', tracer: otel.tracer, signal: signal() });
    it.each([
      ['a bad trace id', { traceId: '../etc' }, 'traceId', 'pattern'],
      ['no signal', { signal: undefined }, 'signal', 'required'],
      ['a page size over the read limit', { pageSize: 10_001 }, 'pageSize', 'range'],
      ['a reader without read', { reader: {} }, 'reader.read', 'required'],
      ['an unknown field', { tracerProvder: {} }, 'tracerProvder', 'unknown'],
      ['a report without findings', { reflection: { evidence: [], stoppedBy: 'report' } }, 'reflection.findings', 'required'],
      ['an empty evaluation name', { evaluationName: '' }, 'evaluationName', 'length'],
    ])('%s', async (_name, change, field, rule) => {
      await expect(exportTraceToOtel({ ...valid(), ...change } as never)).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field, rule }, message: expect.stringMatching(/^exportTraceToOtel options: /) });
    });
  });
});

