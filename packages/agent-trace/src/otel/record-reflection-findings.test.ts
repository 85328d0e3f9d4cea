import { describe, expect, it } from 'vitest';
import { recordReflectionFindings } from './record-reflection-findings.js';
import { otelHarness } from './testing/otel-harness.js';

const report = {
  question: 'Why was the refund denied?',
  summary: 'SECRET-SUMMARY',
  findings: [
    { claim: 'SECRET-CLAIM one', evidenceIds: ['run-1:4', 'tickets:77'] },
    { claim: 'SECRET-CLAIM two', evidenceIds: ['run-1:9'] },
  ],
  evidence: [
    { id: 'run-1:4', run: 'run-1', sourceId: 'history', type: 'model.end', text: 'SECRET-TEXT' },
    { id: 'tickets:77', sourceId: 'tickets', type: 'ticket', text: 'SECRET-TEXT' },
    { id: 'run-1:9', run: 'run-1', sourceId: 'history', type: 'tool.result', text: 'SECRET-TEXT' },
  ],
  coverage: { calls: 3, pages: 2, events: 20, evidenceChars: 500, consistency: 'snapshot', complete: true, gaps: [] },
  stoppedBy: 'report',
} as const;

describe('recordReflectionFindings', () => {
  it('adds one gen_ai.evaluation.result event per finding to the span, naming the evidence, not the claim', () => {
    const otel = otelHarness();
    const span = otel.tracer.startSpan('review');
    expect(recordReflectionFindings({ report, span })).toBe(2);
    span.end();
    const events = otel.span('review').events;
    expect(events.map((event) => [event.name, event.attributes])).toEqual([
      ['gen_ai.evaluation.result', { 'gen_ai.evaluation.name': 'agent_core.reflection', 'agent_core.reflection.finding': 0, 'agent_core.reflection.evidence_ids': ['run-1:4', 'tickets:77'] }],
      ['gen_ai.evaluation.result', { 'gen_ai.evaluation.name': 'agent_core.reflection', 'agent_core.reflection.finding': 1, 'agent_core.reflection.evidence_ids': ['run-1:9'] }],
    ]);
    expect(JSON.stringify(events)).not.toMatch(/SECRET/);
  });

  it('adds one BUDGET_EXHAUSTED event for a reflection that ran out of calls, and nothing for a report without findings', () => {
    const otel = otelHarness();
    const span = otel.tracer.startSpan('review');
    expect(recordReflectionFindings({ report: { ...report, findings: [], evidence: [], stoppedBy: 'no-report' }, span, evaluationName: 'refund audit' })).toBe(1);
    expect(recordReflectionFindings({ report: { ...report, findings: [] }, span })).toBe(0);
    span.end();
    expect(otel.span('review').events.map((event) => event.attributes)).toEqual([{ 'gen_ai.evaluation.name': 'refund audit', 'error.type': 'BUDGET_EXHAUSTED' }]);
  });

  it.each([
    ['no span', { report }, 'span', 'required'],
    ['a span that is none', { report, span: { end() {} } }, 'span.spanContext', 'required'],
    ['an unknown stop', { report: { ...report, stoppedBy: 'done' }, span: {} }, 'report.stoppedBy', 'enum'],
    ['an empty evidence id', { report: { ...report, findings: [{ claim: 'x', evidenceIds: [''] }] } }, 'report.findings[0].evidenceIds[0]', 'length'],
    ['an unknown field', { report, span: {}, name: 'x' }, 'name', 'unknown'],
  ])('refuses %s', (_name, options, field, rule) => {
    expect(() => recordReflectionFindings(options as never)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field, rule }), message: expect.stringMatching(/^recordReflectionFindings options: /) }));
  });
});
