import { ModelRunner, type ProviderRequest } from '@jangts/agent-runner';
import { createScriptedProvider, type ScriptedReplay } from '@jangts/agent-runner/providers/scripted';
import { defineReflection, defineReflectionLogSource, type LogRecord, type ReflectionLogReader, type ReflectionSource } from '@jangts/agent-reflection';
import { bySize, type Bench, type BenchSize } from './bench-result.js';
import { cpuMs, measureInterleaved, quartiles, round, roundPlan, timeRow, type Measurement } from './harness.js';
import { runAlone } from './run-alone.js';

const BENCH = 'reflection-overhead';

/** Records and page size per size: `smoke` proves the bench runs; `full` is the 100,000 records. */
const SIZES: Readonly<Record<BenchSize, { records: number; pageSize: number }>> = {
  smoke: { records: 2_000, pageSize: 100 },
  quick: { records: 20_000, pageSize: 1_000 },
  full: { records: 100_000, pageSize: 1_000 },
};

const TYPES = ['model.start', 'model.end', 'tool.call', 'tool.result'];

/** 100,000 records of one trace, like the runner writes them: small JSON payloads across a few flows. */
function makeRecords(count: number): LogRecord[] {
  const start = Date.UTC(2024, 4, 1);
  return Array.from({ length: count }, (_, seq) => ({
    traceId: 'bench-trace',
    flowId: `flow-${seq % 16}`,
    seq,
    at: new Date(start + seq * 10).toISOString(),
    type: TYPES[seq % TYPES.length]!,
    data: seq % 4 === 1 ? { ok: seq % 97 !== 1, durationMs: seq % 500, finishReason: 'stop' } : { stageId: 'reply', messageCount: seq % 7 },
  }));
}

/** An in-memory `ReflectionLogReader`: the cursor is the next index, so a page is one `slice` (no I/O in the floor). */
function memoryReader(records: readonly LogRecord[]): ReflectionLogReader {
  return {
    read: async (request) => {
      const offset = request.cursor === undefined ? 0 : Number(request.cursor);
      const end = Math.min(records.length, offset + request.limit);
      return { records: records.slice(offset, end), ...(end < records.length ? { cursor: String(end) } : {}), complete: end >= records.length, gaps: [] };
    },
  };
}

/** The model: follows every cursor with `limit: pageSize`, then reports citing the first and last items it read. */
function pagingStep(pageSize: number): (request: ProviderRequest) => ScriptedReplay {
  let first: string | undefined;
  return (request) => {
    const last = request.messages.at(-1);
    const result = last?.role === 'tool' ? (JSON.parse(last.content) as { items: { id: string }[]; cursor?: string }) : undefined;
    first ??= result?.items[0]?.id;
    if (result === undefined || result.cursor !== undefined) {
      return { toolCalls: [{ toolId: 'query_evidence', args: { limit: pageSize, ...(result?.cursor === undefined ? {} : { cursor: result.cursor }) } }] };
    }
    const lastId = result.items.at(-1)?.id ?? first;
    return { toolCalls: [{ toolId: 'submit_report', args: { summary: 'paged through the trace', findings: [{ claim: 'first and last', evidenceIds: [first!, lastId!] }] } }] };
  };
}

/** The floor: `source.query` page by page through the whole trace, nothing else. */
async function rawPaging(source: ReflectionSource, pageSize: number): Promise<{ pages: number; items: number }> {
  const context = { app: undefined, signal: new AbortController().signal };
  let cursor: string | undefined;
  let pages = 0;
  let items = 0;
  do {
    const page = await source.query({ limit: pageSize, ...(cursor === undefined ? {} : { cursor }) }, context);
    cursor = page.cursor;
    pages += 1;
    items += page.items.length;
  } while (cursor !== undefined);
  return { pages, items };
}

interface ReflectionTiming {
  readonly totalMs: number;
  readonly modelMs: number;
  readonly sourceMs: number;
  readonly pages: number;
  readonly events: number;
}

/** One reflection over the whole trace, with the CPU time of the model calls and of the source queries inside it. */
async function reflectionRun(source: ReflectionSource, records: number, pageSize: number): Promise<ReflectionTiming> {
  const pages = Math.ceil(records / pageSize);
  const step = pagingStep(pageSize);
  const runner = new ModelRunner({ provider: createScriptedProvider(Array.from({ length: pages + 1 }, () => step)) });
  let modelMs = 0;
  let sourceMs = 0;
  const model = {
    invoke: async (request: Parameters<ModelRunner['invoke']>[0]) => {
      const start = cpuMs();
      try {
        return await runner.invoke(request);
      } finally {
        modelMs += cpuMs() - start;
      }
    },
  } as unknown as ModelRunner;
  const timedSource: ReflectionSource = {
    ...source,
    query: async (query, context) => {
      const start = cpuMs();
      try {
        return await source.query(query, context);
      } finally {
        sourceMs += cpuMs() - start;
      }
    },
  };
  const reflection = defineReflection({
    model,
    source: timedSource,
    authorize: () => undefined,
    maxCalls: pages + 2,
    reserveCalls: 1,
    maxPages: pages,
    maxEvents: records,
    maxEvidenceChars: records * 200,
  });
  const start = cpuMs();
  const report = await reflection.run('Which calls failed?', { app: undefined, signal: new AbortController().signal });
  const totalMs = cpuMs() - start;
  if (report.stoppedBy !== 'report' || report.coverage.events !== records || report.coverage.complete !== true) {
    throw new Error(`the bench reflection did not read the whole trace: ${JSON.stringify(report.coverage)}`);
  }
  return { totalMs, modelMs, sourceMs, pages: report.coverage.pages, events: report.coverage.events };
}

/**
 * Reflection bookkeeping over a trace of 100,000 log records read through
 * `defineReflectionLogSource` over an in-memory `ReflectionLogReader` (so the floor is not disk
 * bound), 1,000 records per page, with a scripted model that follows every cursor and then reports.
 * Floor: `source.query` paged through the same trace alone. Ours: the whole reflection; its
 * bookkeeping is the reflection's CPU time minus that inside `source.query` and inside the model
 * calls (`ModelRunner` + scripted provider, reported apart). Side by side, medians.
 */
export const reflectionOverhead: Bench = async (size) => {
  const { records: count, pageSize } = SIZES[size];
  const records = makeRecords(count);
  const source = defineReflectionLogSource({ reader: memoryReader(records), traceId: 'bench-trace', id: 'bench-history', authorize: () => undefined });
  const plan = roundPlan(size, bySize(size, { smoke: {}, quick: {}, full: { rounds: 9 } }));
  const timings: ReflectionTiming[] = [];
  let floorPages = 0;
  const [floor, total] = (await measureInterleaved(
    [
      { name: 'source.query alone (log source, in-memory reader)', run: async () => (floorPages = (await rawPaging(source, pageSize)).pages) },
      { name: 'reflection.run total (scripted model)', run: async () => timings.push(await reflectionRun(source, count, pageSize)) },
    ],
    plan,
  )) as [Measurement, Measurement];
  const recorded = timings.slice(-plan.rounds * total.repeat);
  const pages = recorded[0]!.pages;
  const floorMs = quartiles(floor.cpu).median;
  const median = (pick: (timing: ReflectionTiming) => number): number => quartiles(recorded.map(pick)).median;
  const bookkeeping = recorded.map((timing) => timing.totalMs - timing.modelMs - timing.sourceMs);
  const bookkeepingMs = quartiles(bookkeeping).median;
  const label = `${count.toLocaleString('en-US')} records, ${pageSize.toLocaleString('en-US')}/page`;
  const perPage = (ms: number, divisor = pages): number => round(ms / divisor, 3);
  const base = { bench: BENCH, case: label };
  const bookkeepingQuartiles = quartiles(bookkeeping);
  return [
    timeRow(floor, { ...base, role: 'floor', extra: { pages: floorPages, msPerPage: perPage(floorMs, floorPages) } }),
    {
      ...base,
      subject: 'reflection bookkeeping (run − model − source)',
      role: 'ours',
      value: bookkeepingMs,
      unit: 'ms',
      spread: [bookkeepingQuartiles.low, bookkeepingQuartiles.high],
      samples: bookkeeping.length,
      versus: { reference: floor.name, ratio: bookkeepingMs / floorMs },
      extra: { msPerPage: perPage(bookkeepingMs), sourceMsInRun: round(median((timing) => timing.sourceMs), 2) },
    },
    timeRow(total, {
      ...base,
      role: 'ours',
      extra: { calls: pages + 1, events: recorded[0]!.events, modelMs: round(median((timing) => timing.modelMs), 2), msPerPage: perPage(quartiles(total.cpu).median) },
      note: 'modelMs: the model calls (ModelRunner + scripted provider) over the growing conversation',
    }),
  ];
};

await runAlone(import.meta.url, reflectionOverhead);
