import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TraceStore } from '@jangts/agent-trace';
import { createFileLogStore } from '@jangts/agent-trace/file';
import { createPostgresTraceStore } from '@jangts/agent-trace/postgres';
import pg from 'pg';
import type { Bench, BenchResult, BenchSize } from './bench-result.js';
import { runAlone } from './run-alone.js';
import type { WriterCommand } from './trace-store-writer.js';

const BENCH = 'trace-stores';
const MIB = 1024 * 1024;
/** Paging may grow the process by at most this much. */
const PAGING_BUDGET_MIB = 64;
/** Reads of one page timed at each offset; the median is reported. */
const PAGE_SAMPLES = 15;
const TRACE_ID = 'bench';

const SIZES: Record<BenchSize, { records: number; writers: number; flows: number; pageSize: number; flushEvery: number }> = {
  smoke: { records: 2_000, writers: 2, flows: 5, pageSize: 100, flushEvery: 250 },
  quick: { records: 100_000, writers: 4, flows: 10, pageSize: 1_000, flushEvery: 10_000 },
  full: { records: 1_000_000, writers: 4, flows: 25, pageSize: 1_000, flushEvery: 10_000 },
};
type Size = (typeof SIZES)[BenchSize];

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const writerScript = fileURLToPath(new URL('./trace-store-writer.ts', import.meta.url));
/**
 * The writers load the packages as this process does: from the sources when it was started with
 * `--conditions=@jangts/source` (or nothing is built), else from the builds (`pnpm bench` builds
 * first), which starts four processes in a second rather than in fifteen.
 */
const writerArguments = [
  ...(process.execArgv.some((argument) => argument.includes('@jangts/source')) || !existsSync(join(repositoryRoot, 'packages/agent-trace/dist/postgres.js')) ? ['--conditions=@jangts/source'] : []),
  '--import',
  'tsx',
  writerScript,
];
const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
const mib = (bytes: number): number => round(bytes / MIB, 1);
const perSecond = (count: number, ms: number): number => Math.round((count / ms) * 1000);
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** A PostgreSQL server for the run: `AGENT_TRACE_POSTGRES_URL`, or one `scripts/postgres-test-server.sh` starts (and stops). */
interface Server {
  readonly url: string;
  stop(): void;
}

function postgresServer(): Server | string {
  const given = process.env.AGENT_TRACE_POSTGRES_URL;
  if (given !== undefined && given !== '') return { url: given, stop: () => undefined };
  const script = join(repositoryRoot, 'scripts/postgres-test-server.sh');
  let output: string;
  try {
    output = execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? error).trim();
    return `no PostgreSQL server: AGENT_TRACE_POSTGRES_URL is not set and scripts/postgres-test-server.sh could not start one (${stderr.split('\n')[0] ?? ''})`;
  }
  const value = (name: string): string => /^(\w+)=(.*)$/m.exec(output.split('\n').find((line) => line.startsWith(`${name}=`)) ?? '')?.[2] ?? '';
  const directory = value('PGSERVER_DIR');
  return { url: value('PGURL'), stop: () => execFileSync('bash', [script, 'stop', directory], { stdio: 'ignore' }) };
}

/** Runs `writers` writer processes; resolves with the ms from the go (all set up) to the last one done. */
async function runWriters(size: Size, command: Omit<WriterCommand, 'writer' | 'writers' | 'records' | 'flows' | 'flushEvery' | 'traceId'>): Promise<number> {
  const children = Array.from({ length: size.writers }, (_, writer) => {
    const full: WriterCommand = { ...command, traceId: TRACE_ID, writer, writers: size.writers, records: size.records / size.writers, flows: size.flows, flushEvery: size.flushEvery };
    const child = spawn(process.execPath, [...writerArguments, JSON.stringify(full)], {
      cwd: dirname(writerScript),
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    const ready = new Promise<void>((resolveReady, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('ready\n')) resolveReady();
      });
      child.on('error', reject);
      child.on('exit', (code) => {
        if (!output.includes('ready\n')) reject(new Error(`writer ${writer} exited with ${code} before it was ready`));
      });
    });
    const done = new Promise<void>((resolveDone, reject) => {
      child.on('exit', (code) => {
        if (code === 0 && output.includes('done\n')) resolveDone();
        else reject(new Error(`writer ${writer} (${command.subject}) exited with ${code}`));
      });
    });
    return { child, ready, done };
  });
  await Promise.all(children.map((writer) => writer.ready));
  const started = performance.now();
  for (const { child } of children) child.stdin.end('go\n');
  await Promise.all(children.map((writer) => writer.done));
  return performance.now() - started;
}

interface Paging {
  readonly ms: number;
  readonly records: number;
  readonly pages: number;
  readonly growth: number;
  readonly peak: number;
  readonly fullPages: number;
  /** The cursors of the full page at the start (none), in the middle and at the end. */
  readonly cursors: Readonly<Record<'start' | 'middle' | 'end', string | undefined>>;
}

/** Pages through the trace, checking seq is consecutive; samples the resident set after every page. */
async function pageThrough(store: TraceStore, pageSize: number): Promise<Paging> {
  const signal = new AbortController().signal;
  const startRss = process.memoryUsage.rss();
  let peak = startRss;
  let records = 0;
  let pages = 0;
  let cursor: string | undefined;
  /** The cursor of every full page (the last page may be shorter). */
  const seen: (string | undefined)[] = [];
  const started = performance.now();
  do {
    const at = cursor;
    const page = await store.reader.read({ traceId: TRACE_ID, limit: pageSize, signal, ...(cursor === undefined ? {} : { cursor }) });
    if (page.records.length === pageSize) seen.push(at);
    for (const record of page.records) if (record.seq !== records++) throw new Error(`seq ${record.seq} where ${records - 1} was due`);
    pages += 1;
    cursor = page.cursor;
    peak = Math.max(peak, process.memoryUsage.rss());
  } while (cursor !== undefined);
  const ms = performance.now() - started;
  return { ms, records, pages, growth: peak - startRss, peak, fullPages: seen.length, cursors: { start: seen[0], middle: seen[Math.floor(seen.length / 2)], end: seen.at(-1) } };
}

/** The median time of reading the page at each of the cursors. */
async function pageCosts(store: TraceStore, pageSize: number, cursors: Paging['cursors']): Promise<Record<'start' | 'middle' | 'end', number>> {
  const signal = new AbortController().signal;
  const costs = { start: 0, middle: 0, end: 0 };
  for (const where of ['start', 'middle', 'end'] as const) {
    const cursor = cursors[where];
    const times: number[] = [];
    for (let sample = 0; sample < PAGE_SAMPLES; sample += 1) {
      const started = performance.now();
      await store.reader.read({ traceId: TRACE_ID, limit: pageSize, signal, ...(cursor === undefined ? {} : { cursor }) });
      times.push(performance.now() - started);
    }
    costs[where] = median(times);
  }
  return costs;
}

/** The read floor of PostgreSQL: the same keyset pages by a bare `SELECT` (rows as arrays, data parsed), without the store's checks. */
async function bareRead(pool: pg.Pool, table: string, pageSize: number): Promise<{ ms: number; records: number }> {
  let records = 0;
  let after = -1;
  const started = performance.now();
  for (;;) {
    const { rows } = await pool.query<[string, string, string, string, string]>({
      text: `SELECT seq, flow_id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), type, data::text FROM ${table} WHERE trace_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      values: [TRACE_ID, after, pageSize],
      rowMode: 'array',
    });
    for (const row of rows) JSON.parse(row[4]);
    records += rows.length;
    if (rows.length < pageSize) break;
    after = Number(rows.at(-1)?.[0]);
  }
  return { ms: performance.now() - started, records };
}

/** The read floor of the file store: `readline` over the whole file with one `JSON.parse` per line. */
async function fileFloorRead(file: string): Promise<{ ms: number; records: number }> {
  const started = performance.now();
  let records = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })) {
    JSON.parse(line);
    records += 1;
  }
  return { ms: performance.now() - started, records };
}

/** The cases of one store: its write, its paging, and its page cost at three offsets. */
interface Cases {
  readonly write: string;
  readonly read: string;
  readonly page: string;
}

function casesOf(store: string, size: Size): Cases {
  const records = `${size.records.toLocaleString('en-US')} records`;
  const page = size.pageSize.toLocaleString('en-US');
  return {
    write: `${store}: write ${records} from ${size.writers} processes into one trace`,
    read: `${store}: page through ${records}, ${page} a page`,
    page: `${store}: one page of ${page} at offset 0, middle, end`,
  };
}

/** The results of one store: its write, its paging and its page cost at three offsets. */
function storeResults(subject: string, size: Size, writeMs: number, paging: Paging, costs: Record<'start' | 'middle' | 'end', number>, cases: Cases): BenchResult[] {
  const growth = mib(paging.growth);
  const offsets = { start: 0, middle: Math.floor(paging.fullPages / 2) * size.pageSize, end: (paging.fullPages - 1) * size.pageSize };
  return [
    { bench: BENCH, case: cases.write, subject: `${subject} record + flush`, role: 'ours', unit: 'ms', value: round(writeMs), extra: { recordsPerSecond: perSecond(size.records, writeMs) } },
    {
      bench: BENCH,
      case: cases.read,
      subject: `${subject} reader.read`,
      role: 'ours',
      unit: 'ms', value: round(paging.ms),
      extra: { recordsPerSecond: perSecond(paging.records, paging.ms), pages: paging.pages, pagingGrowthMiB: growth, peakRssMiB: mib(paging.peak) },
      ...(growth < PAGING_BUDGET_MIB ? {} : { note: `RSS grew ${growth} MiB while paging, over the ${PAGING_BUDGET_MIB} MiB budget` }),
    },
    ...(['start', 'middle', 'end'] as const).map(
      (where): BenchResult => ({
        bench: BENCH,
        case: cases.page,
        subject: `page at seq ${offsets[where].toLocaleString('en-US')} (${where})`,
        role: 'ours',
        unit: 'ms', value: round(costs[where], 3),
        extra: { medianOf: PAGE_SAMPLES, ...(where === 'end' ? { endOverStart: round(costs.end / costs.start) } : {}) },
      }),
    ),
  ];
}

/**
 * The trace stores side by side: `records` records (data `{ writer, index, … }`) written into one
 * trace by 4 processes at once (2 at the smoke size) (each over its own flows, flushing every 10,000), through the
 * PostgreSQL store and through the file store; then paged back 1,000 at a time through
 * `reader.read` (seq checked consecutive), with the growth of RSS while paging (budget 64 MiB),
 * and the median cost of one page at the start, the middle and the end of the trace (O(page): the
 * three are alike). Floors: the same rows by a bare `INSERT … unnest` with the seq given (no
 * queue, lock or checks), the same keyset pages by a bare `SELECT`, and `readline` + `JSON.parse`
 * of the trace file. PostgreSQL is the server of `AGENT_TRACE_POSTGRES_URL`, or one
 * `scripts/postgres-test-server.sh` starts for the run; without either its rows are left out, with a note.
 */
export const traceStores: Bench = async (size) => {
  const config = SIZES[size];
  const postgresCases = casesOf('PostgreSQL', config);
  const fileCases = casesOf('file', config);
  const results: BenchResult[] = [];
  const directory = await mkdtemp(join(tmpdir(), 'agent-bench-trace-stores-'));
  const server = postgresServer();
  try {
    if (typeof server === 'string') {
      results.push({ bench: BENCH, case: postgresCases.write, subject: 'PostgreSQL store', role: 'ours', unit: 'ms', value: 0, note: `skipped: ${server}` });
    } else {
      const pool = new pg.Pool({ connectionString: server.url, max: 4 });
      const table = `agent_trace_bench_${process.pid}`;
      const floorTable = `${table}_floor`;
      const store = createPostgresTraceStore({ pool, table });
      const floorStore = createPostgresTraceStore({ pool, table: floorTable });
      try {
        await Promise.all([store.migrate(), floorStore.migrate()]);
        const writeMs = await runWriters(config, { subject: 'postgres', url: server.url, table });
        await pool.query(`VACUUM ANALYZE ${table}`);
        const paging = await pageThrough(store, config.pageSize);
        if (paging.records !== config.records + config.writers * config.flows) throw new Error(`PostgreSQL: paged ${paging.records} records`);
        const costs = await pageCosts(store, config.pageSize, paging.cursors);
        const floorWriteMs = await runWriters(config, { subject: 'postgres-floor', url: server.url, table: floorTable });
        await pool.query(`VACUUM ANALYZE ${floorTable}`);
        const floorRead = await bareRead(pool, floorTable, config.pageSize);
        const tableSize = await pool.query<{ bytes: string }>(`SELECT pg_total_relation_size($1)::text AS bytes`, [table]);
        results.push(
          ...storeResults('PostgreSQL store', config, writeMs, paging, costs, postgresCases).map((result, index) =>
            index === 0 ? { ...result, extra: { ...result.extra, tableMiB: mib(Number(tableSize.rows[0]?.bytes)) } } : result,
          ),
          { bench: BENCH, case: postgresCases.write, subject: 'pg INSERT … unnest, seq given', role: 'floor', unit: 'ms', value: round(floorWriteMs), extra: { recordsPerSecond: perSecond(config.records, floorWriteMs) } },
          { bench: BENCH, case: postgresCases.read, subject: 'pg keyset SELECT + JSON.parse', role: 'floor', unit: 'ms', value: round(floorRead.ms), extra: { recordsPerSecond: perSecond(floorRead.records, floorRead.ms) } },
        );
      } finally {
        await Promise.allSettled([store.close(), floorStore.close()]);
        await pool.query(`DROP TABLE IF EXISTS ${table}, ${floorTable}`).catch(() => undefined);
        await pool.end();
      }
    }
    const writeMs = await runWriters(config, { subject: 'file', directory });
    const store = createFileLogStore({ directory });
    try {
      const paging = await pageThrough(store, config.pageSize);
      if (paging.records !== config.records + config.writers * config.flows) throw new Error(`file: paged ${paging.records} records`);
      const costs = await pageCosts(store, config.pageSize, paging.cursors);
      const floorRead = await fileFloorRead(join(directory, `${TRACE_ID}.jsonl`));
      results.push(...storeResults('file store', config, writeMs, paging, costs, fileCases), {
        bench: BENCH,
        case: fileCases.read,
        subject: 'readline + JSON.parse (whole file)',
        role: 'floor',
        unit: 'ms', value: round(floorRead.ms),
        extra: { recordsPerSecond: perSecond(floorRead.records, floorRead.ms) },
      });
    } finally {
      await store.close();
    }
  } finally {
    if (typeof server !== 'string') server.stop();
    await rm(directory, { recursive: true, force: true });
  }
  // The stores side by side: both writes, then both reads, then both page costs.
  const order = [postgresCases.write, fileCases.write, postgresCases.read, fileCases.read, postgresCases.page, fileCases.page];
  return results.sort((a, b) => order.indexOf(a.case) - order.indexOf(b.case));
};

await runAlone(import.meta.url, traceStores);
