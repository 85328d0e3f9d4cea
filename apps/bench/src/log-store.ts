import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createFileLogStore, type FileLogStore } from '@jangts/agent-trace/file';
import type { SubFlowLog } from '@jangts/agent-types';
import { bySize, type Bench, type BenchResult, type BenchSize } from './bench-result.js';
import { measureInterleaved, quartiles, round, roundPlan, timeRow, type Measurement } from './harness.js';
import { runAlone } from './run-alone.js';

const BENCH = 'log-store';
const MIB = 1024 * 1024;
/** Paging may grow the process by at most this much (issue 3). */
const PAGING_BUDGET_MIB = 64;

const SIZES: Record<BenchSize, { records: number; flows: number; pageSize: number; flushEvery: number }> = {
  smoke: { records: 2_000, flows: 10, pageSize: 100, flushEvery: 500 },
  quick: { records: 100_000, flows: 100, pageSize: 1_000, flushEvery: 10_000 },
  full: { records: 1_000_000, flows: 100, pageSize: 1_000, flushEvery: 10_000 },
};

const mib = (bytes: number): number => round(bytes / MIB, 1);
const perSecond = (count: number, measurement: Measurement): number => Math.round((count / quartiles(measurement.cpu).median) * 1000);
function payload(index: number): { index: number; stageId: string; chars: number; ok: boolean } {
  return { index, stageId: 'reply', chars: index % 997, ok: index % 13 !== 0 };
}

/** Records `records` events round-robin across `flows` flows of one trace, flushing every `flushEvery`. */
async function writeOurs(store: FileLogStore, size: (typeof SIZES)[BenchSize]): Promise<void> {
  const root = store.open('bench', 'root');
  const flows: SubFlowLog[] = [root, ...Array.from({ length: size.flows - 1 }, (_, index) => root.child(`flow-${index}`))];
  for (let index = 0; index < size.records; index += 1) {
    flows[index % size.flows]!.record('step', payload(index));
    if ((index + 1) % size.flushEvery === 0) await store.flush();
  }
  await store.flush();
}

/** The floor: the same lines built with `JSON.stringify` and appended with one `FileHandle.write` per batch. */
async function writeFloor(file: string, size: (typeof SIZES)[BenchSize]): Promise<void> {
  const handle = await open(file, 'a');
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
}

/** Pages through the trace; `onPage` sees every page. */
async function readOurs(store: FileLogStore, pageSize: number, expected: number, onPage: () => void = () => undefined): Promise<{ pages: number }> {
  const signal = new AbortController().signal;
  let records = 0;
  let pages = 0;
  let cursor: string | undefined;
  do {
    const page = await store.reader.read({ traceId: 'bench', limit: pageSize, signal, ...(cursor === undefined ? {} : { cursor }) });
    if (page.gaps.length > 0) throw new Error(`unexpected gaps: ${page.gaps.join('; ')}`);
    records += page.records.length;
    pages += 1;
    cursor = page.cursor;
    onPage();
  } while (cursor !== undefined);
  if (records !== expected) throw new Error(`paged ${records} records, expected ${expected}`);
  return { pages };
}

/** The floor: `readline` over the whole file with one `JSON.parse` per line. */
async function readFloor(file: string): Promise<void> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) JSON.parse(line);
}

/**
 * The file log store: `records` events across `flows` flows of one trace through `SubFlowLog.record`
 * (flushing every 10,000), then paged back 1,000 at a time through `reader.read`, against raw
 * `FileHandle.write` of the same lines and `readline` + `JSON.parse` of the file (the floors),
 * side by side. Reports records per CPU-second both ways, and how much the resident set grows
 * while paging (budget 64 MiB), sampled after every page of one paging run made before the timed ones.
 */
export const logStore: Bench = async (size) => {
  const config = SIZES[size];
  const directory = await mkdtemp(join(tmpdir(), 'agent-bench-log-store-'));
  const records = `${config.records.toLocaleString('en-US')} records / ${config.flows} flows`;
  const plan = roundPlan(size, bySize(size, { smoke: {}, quick: { minSampleMs: 0 }, full: { warmup: 1, rounds: 5, minSampleMs: 0 } }));
  let run = 0;
  let writeDirectory = '';
  let floorFile = '';
  const stores: FileLogStore[] = [];
  const results: BenchResult[] = [];
  try {
    const [writeStore, writeFile] = (await measureInterleaved(
      [
        {
          name: 'SubFlowLog.record + flush',
          before: async () => {
            if (writeDirectory !== '') await rm(writeDirectory, { recursive: true, force: true });
            writeDirectory = join(directory, `write-${run++}`);
          },
          run: async () => {
            const store = createFileLogStore({ directory: writeDirectory });
            try {
              await writeOurs(store, config);
            } finally {
              await store.close();
            }
          },
        },
        {
          name: 'JSON.stringify + FileHandle.write',
          before: async () => {
            if (floorFile !== '') await rm(floorFile, { force: true });
            floorFile = join(directory, `floor-${run++}.txt`);
          },
          run: () => writeFloor(floorFile, config),
        },
      ],
      plan,
    )) as [Measurement, Measurement];
    const writeCase = `write ${records}`;
    results.push(
      timeRow(writeStore, { bench: BENCH, case: writeCase, role: 'ours', versus: writeFile, extra: { recordsPerCpuSecond: perSecond(config.records, writeStore) } }),
      timeRow(writeFile, { bench: BENCH, case: writeCase, role: 'floor', extra: { recordsPerCpuSecond: perSecond(config.records, writeFile) } }),
    );

    // The last written store and floor file are what the read case pages through.
    const store = createFileLogStore({ directory: writeDirectory });
    stores.push(store);
    const expected = config.records + config.flows;
    const startRss = process.memoryUsage.rss();
    let highest = startRss;
    const { pages } = await readOurs(store, config.pageSize, expected, () => {
      highest = Math.max(highest, process.memoryUsage.rss());
    });
    const growth = mib(highest - startRss);
    const [readStore, readFile] = (await measureInterleaved(
      [
        { name: `reader.read, ${config.pageSize.toLocaleString('en-US')} per page`, run: () => readOurs(store, config.pageSize, expected) },
        { name: 'readline + JSON.parse (whole file)', run: () => readFloor(floorFile) },
      ],
      plan,
    )) as [Measurement, Measurement];
    const readCase = `page through ${records}`;
    results.push(
      timeRow(readStore, {
        bench: BENCH,
        case: readCase,
        role: 'ours',
        versus: readFile,
        extra: { recordsPerCpuSecond: perSecond(expected, readStore), pages, pagingRssGrowthMiB: growth },
        ...(growth < PAGING_BUDGET_MIB ? {} : { note: `RSS grew ${growth} MiB while paging, over the ${PAGING_BUDGET_MIB} MiB budget` }),
      }),
      timeRow(readFile, { bench: BENCH, case: readCase, role: 'floor', extra: { recordsPerCpuSecond: perSecond(config.records, readFile) } }),
    );
    return results;
  } finally {
    for (const store of stores) await store.close();
    await rm(directory, { recursive: true, force: true });
  }
};

await runAlone(import.meta.url, logStore);
