import { ROOT_CONTEXT } from '@opentelemetry/api';
import { LogPageSchema, type LogPage } from '@jangts/agent-types';
import { parser } from '@jangts/agent-types/internal';
import { OTEL_EXPORT_PAGE_DOOR } from '../doors.js';
import { exportPageError, throwIfAborted, traceReadError } from '../errors.js';
import { FLOW_START_TYPE } from '../flow-start-type.js';
import { DEFAULT_EXPORT_PAGE_SIZE, parseExportTraceToOtelOptions, type ExportTraceToOtelOptions } from './export-trace-to-otel-options.js';
import { FlowSpans } from './flow-spans.js';
import { resolveTracer } from './otel-tracer.js';
import { citedSeqs, DEFAULT_EVALUATION_NAME, evaluationEvents, type EvaluationEvent, type ReflectionFindings } from './reflection-findings.js';
import { textField } from './record-fields.js';
import { TraceSpanMapping } from './trace-span-mapping.js';

/** What `exportTraceToOtel` did. */
export interface OtelTraceExport {
  readonly traceId: string;
  /** Records read. */
  readonly records: number;
  /** Spans started and ended (the trace's own span included); 0 for a trace without records. */
  readonly spans: number;
  /** The last page's `complete`, when no page reported a gap. */
  readonly complete: boolean;
  /** The pages' gaps (at most 100). */
  readonly gaps: readonly string[];
}

/** Most gaps an export keeps. */
const MAX_GAPS = 100;

const pageValue = /* @__PURE__ */ parser(LogPageSchema, OTEL_EXPORT_PAGE_DOOR);

/**
 * The events of a report: by the seq of the record of `traceId` each finding cites first, and the
 * one of a report that ran out of calls (`no-report`), for the trace's own span.
 */
function reportEvents(report: ReflectionFindings, traceId: string, name: string): { bySeq: Map<number, EvaluationEvent[]>; onTrace: EvaluationEvent[] } {
  const seqsOf = citedSeqs(report, traceId);
  const events = evaluationEvents(report, name, seqsOf);
  const bySeq = new Map<number, EvaluationEvent[]>();
  if (report.stoppedBy === 'no-report') return { bySeq, onTrace: events };
  report.findings.forEach((finding, index) => {
    const first = Math.min(...seqsOf(finding.evidenceIds));
    const event = events[index];
    if (Number.isFinite(first) && event !== undefined) bySeq.set(first, [...(bySeq.get(first) ?? []), event]);
  });
  return { bySeq, onTrace: [] };
}

/**
 * Exports a stored trace as OpenTelemetry spans, with the mapping of `withOtelSpans`: the trace
 * is read page by page (`pageSize` records at a time, memory bound by the spans open at once) and
 * each record replayed at its time (`at`), so spans start and end when their records were
 * written. All spans of the trace are below one span `agent_core.trace` (in `parent` when
 * given); every span names the trace, the flow and the seqs of its first and last record
 * (`agent_core.record.start_seq`, `agent_core.record.end_seq`): the content stays in the store.
 *
 * - A trace that ends inside a turn or a call (a crash) ends those spans at its last record,
 *   marked `agent_core.span.incomplete`.
 * - `reflection`: each finding citing records of this trace (log evidence `<traceId>:<seq>`) is
 *   a `gen_ai.evaluation.result` event on the span that holds the first record it cites (no
 *   claim text: content); a report that ran out of calls (`no-report`) is one event with
 *   `error.type` `BUDGET_EXHAUSTED` on the trace's span.
 * - A read that fails rejects with its error (`SOURCE_FAILED` for one that is not an
 *   `AgentCoreError`), a page that breaks the reader contract (shape, another trace's record, a
 *   `seq` not after the one before, a repeated cursor) with `PAGE_INVALID`, a fired `signal` with
 *   `ABORTED`: the spans opened so far are ended first, failed with that code as `error.type`.
 *
 * @throws AgentCoreError `INPUT_INVALID` for options outside `ExportTraceToOtelOptionsSchema`.
 */
export async function exportTraceToOtel(options: ExportTraceToOtelOptions): Promise<OtelTraceExport> {
  const read = parseExportTraceToOtelOptions(options);
  const { traceId, signal } = read;
  const tracer = resolveTracer(read);
  const flows = new Map<string, FlowSpans>();
  const events = read.reflection === undefined ? undefined : reportEvents(read.reflection, traceId, read.evaluationName ?? DEFAULT_EVALUATION_NAME);
  let mapping: TraceSpanMapping | undefined;
  let rootContext = read.parent ?? ROOT_CONTEXT;
  let records = 0;
  let lastSeq = -1;
  let lastTime = 0;
  let complete = false;
  const gaps: string[] = [];
  try {
    let cursor: string | undefined;
    do {
      throwIfAborted(signal, 'exportTraceToOtel');
      let page: LogPage;
      try {
        page = await read.reader.read({ traceId, limit: read.pageSize ?? DEFAULT_EXPORT_PAGE_SIZE, signal, ...(cursor === undefined ? {} : { cursor }) });
      } catch (error) {
        throw traceReadError(traceId, error);
      }
      const checked = pageValue.parse(page);
      if (checked.cursor !== undefined && checked.cursor === cursor) throw exportPageError(['cursor'], 'cursor', 'repeats the cursor it was read with (the trace would never end)');
      for (const [index, record] of checked.records.entries()) {
        if (record.traceId !== traceId) throw exportPageError(['records', index, 'traceId'], 'trace', `is "${record.traceId}", not the trace read ("${traceId}")`);
        if (record.seq <= lastSeq) throw exportPageError(['records', index, 'seq'], 'order', `is ${record.seq}, not after the seq before it (${lastSeq})`);
        lastSeq = record.seq;
        const parsed = Date.parse(record.at);
        lastTime = Number.isFinite(parsed) ? parsed : lastTime;
        const mapped = { type: record.type, data: record.data, time: lastTime, seq: record.seq };
        if (mapping === undefined) {
          mapping = new TraceSpanMapping({ tracer, traceId, base: () => rootContext, eventsBySeq: events?.bySeq });
          rootContext = mapping.startTrace(rootContext, mapped, events?.onTrace ?? []).context;
        }
        records += 1;
        let flow = flows.get(record.flowId);
        if (flow === undefined) {
          const parentFlowId = record.type === FLOW_START_TYPE ? textField(record.data, 'parentFlowId') : undefined;
          flow = new FlowSpans(record.flowId, parentFlowId === undefined ? undefined : flows.get(parentFlowId));
          flows.set(record.flowId, flow);
        }
        mapping.record(flow, mapped);
      }
      if (gaps.length < MAX_GAPS) gaps.push(...checked.gaps.slice(0, MAX_GAPS - gaps.length));
      complete = checked.complete;
      cursor = checked.cursor;
    } while (cursor !== undefined);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const errorType = typeof code === 'string' ? code : '_OTHER';
    mapping?.finish(lastTime, errorType);
    mapping?.endTrace(lastTime, { 'agent_core.trace.records': records, 'agent_core.record.end_seq': lastSeq >= 0 ? lastSeq : undefined, 'error.type': errorType }, errorType);
    throw error;
  }
  mapping?.finish(lastTime);
  const whole = complete && gaps.length === 0;
  mapping?.endTrace(lastTime, {
    'agent_core.trace.records': records,
    'agent_core.trace.complete': whole,
    'agent_core.trace.gaps': gaps.length,
    'agent_core.record.end_seq': lastSeq >= 0 ? lastSeq : undefined,
  });
  return { traceId, records, spans: mapping?.spans ?? 0, complete: whole, gaps };
}
