import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createFileLogStore, type FileLogStore } from '@jangts/agent-trace/file';
import type { SubFlowLog } from '@jangts/agent-types';
import type { Bench, BenchResult, BenchSize } from './bench-result.js';
import { runAlone } from './run-alone.js';

const BENCH = 'log-store';
const MIB = 1024 * 1024;
/** Paging may grow the process by at most this much (issue 3). */
const PAGING_BUDGET_MIB = 64;

const SIZES: Record<BenchSize, { records: number; flows: number; pageSize: number; flushEvery: number }> = {
  smoke: { records: 2_000, flows: 10, pageSize: 100, flushEvery: 500 },
  full: { records: 1_000_000, flows: 100, pageSize: 1_000, flushEvery: 10_000 },
};

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
const mib = (bytes: number): number => round(bytes / MIB, 1);
/**
 * The highest resident set seen while `task` runs, sampled every 10 ms and at the end (the kernel's
 * `maxRSS` would include whatever ran earlier in the same process, such as other benchmarks).
 */
async function withPeakRss<TResult>(task: () => Promise<TResult>): Promise<{ result: TResult; peak: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const result = await task();
    return { result, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
}
const perSecond = (count: number, ms: number): number => Math.round((count / ms) * 1000);

function payload(index: number): { index: number; stageId: string; chars: number; ok: boolean } {
  return { index, stageId: 'reply', chars: index % 997, ok: index % 13 !== 0 };
}

/** Records `records` events round-robin across `flows` flows of one trace, flushing every `flushEvery`. */
async function writeOurs(store: FileLogStore, size: (typeof SIZES)[BenchSize]): Promise<number> {
  const root = store.open('bench', 'root');
  const flows: SubFlowLog[] = [root, ...Array.from({ length: size.flows - 1 }, (_, index) => root.child(`flow-${index}`))];
  const started = performance.now();
  for (let index = 0; index < size.records; index += 1) {
    flows[index % size.flows]!.record('step', payload(index));
    if ((index + 1) % size.flushEvery === 0) await store.flush();
  }
  await store.flush();
  return performance.now() - started;
}

/** The floor: the same lines built with `JSON.stringify` and appended with one `FileHandle.write` per batch. */
async function writeFloor(file: string, size: (typeof SIZES)[BenchSize]): Promise<number> {
  const handle = await open(file, 'a');
  const started = performance.now();
  try {
    let batch = '';
    for (let index = 0; index < size.records; index += 1) {
      const record = { traceId: 'bench', flowId: `flow-${index % size.flows}`, seq: index, at: new Date().toISOString(), type: 'step', data: payload(index) };
      batch += `${JSON.stringify(record)}\n`;
      if ((index + 1) % size.flushEvery === 0) {
        await handle.write(batch);
        batch = '';
      }
    }
    if (batch.length > 0) await handle.write(batch);
  } finally {
    await handle.close();
  }
  return performance.now() - started;
}

/** Pages through the trace; samples the resident set after every page. */
async function readOurs(store: FileLogStore, pageSize: number): Promise<{ ms: number; records: number; pages: number; growth: number }> {
  const signal = new AbortController().signal;
  const startRss = process.memoryUsage.rss();
  let highest = startRss;
  let records = 0;
  let pages = 0;
  let cursor: string | undefined;
  const started = performance.now();
  do {
    const page = await store.reader.read({ traceId: 'bench', limit: pageSize, signal, ...(cursor === undefined ? {} : { cursor }) });
    if (page.gaps.length > 0) throw new Error(`unexpected gaps: ${page.gaps.join('; ')}`);
    records += page.records.length;
    pages += 1;
    cursor = page.cursor;
    highest = Math.max(highest, process.memoryUsage.rss());
  } while (cursor !== undefined);
  return { ms: performance.now() - started, records, pages, growth: highest - startRss };
}

/** The floor: `readline` over the whole file with one `JSON.parse` per line. */
async function readFloor(file: string): Promise<{ ms: number; records: number }> {
  const started = performance.now();
  let records = 0;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    JSON.parse(line);
    records += 1;
  }
  return { ms: performance.now() - started, records };
}

/**
 * The file log store: `records` events across `flows` flows of one trace through `SubFlowLog.record`
 * (flushing every 10,000), then paged back 1,000 at a time through `reader.read`, against raw
 * `FileHandle.write` of the same lines and `readline` + `JSON.parse` of the file (the floors).
 * Reports records/s both ways, peak RSS, and the growth of RSS while paging (budget 64 MiB).
 */
export const logStore: Bench = async (size) => {
  const config = SIZES[size];
  const directory = await mkdtemp(join(tmpdir(), 'agent-bench-log-store-'));
  const store = createFileLogStore({ directory });
  const records = `${config.records.toLocaleString('en-US')} records / ${config.flows} flows`;
  const writeCase = `write ${records}`;
  const readCase = `page through ${records}`;
  try {
    const startRss = process.memoryUsage.rss();
    const { result: writeMs, peak: writePeak } = await withPeakRss(() => writeOurs(store, config));
    const floorFile = join(directory, 'floor.txt');
    const floorWriteMs = await writeFloor(floorFile, config);
    const { result: read, peak: readPeak } = await withPeakRss(() => readOurs(store, config.pageSize));
    const floorRead = await readFloor(floorFile);
    const expected = config.records + config.flows;
    if (read.records !== expected) throw new Error(`paged ${read.records} records, expected ${expected}`);
    const growth = mib(read.growth);
    const results: BenchResult[] = [
      {
        bench: BENCH,
        case: writeCase,
        subject: 'SubFlowLog.record + flush',
        role: 'ours',
        ms: round(writeMs),
        extra: { recordsPerSecond: perSecond(config.records, writeMs), startRssMiB: mib(startRss), peakRssMiB: mib(writePeak) },
      },
      {
        bench: BENCH,
        case: writeCase,
        subject: 'JSON.stringify + FileHandle.write',
        role: 'floor',
        ms: round(floorWriteMs),
        extra: { recordsPerSecond: perSecond(config.records, floorWriteMs) },
      },
      {
        bench: BENCH,
        case: readCase,
        subject: `reader.read, ${config.pageSize.toLocaleString('en-US')} per page`,
        role: 'ours',
        ms: round(read.ms),
        extra: {
          recordsPerSecond: perSecond(read.records, read.ms),
          pages: read.pages,
          pagingGrowthMiB: growth,
          peakRssMiB: mib(readPeak),
        },
        ...(growth < PAGING_BUDGET_MIB ? {} : { note: `RSS grew ${growth} MiB while paging, over the ${PAGING_BUDGET_MIB} MiB budget` }),
      },
      {
        bench: BENCH,
        case: readCase,
        subject: 'readline + JSON.parse (whole file)',
        role: 'floor',
        ms: round(floorRead.ms),
        extra: { recordsPerSecond: perSecond(floorRead.records, floorRead.ms) },
      },
    ];
    return results;
  } finally {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  }
};

await runAlone(import.meta.url, logStore);
