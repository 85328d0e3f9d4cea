import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileLogStore, type FileLogStore } from '@jangts/agent-trace/file';
import type { LogPage, LogReadRequest, OperationContext, ReflectionLogReader } from '@jangts/agent-types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineReflection } from './define-reflection.js';
import { defineReflectionLogSource } from './define-reflection-log-source.js';
import { encodeLogSourceCursor } from './log-source-cursor.js';
import type { ReflectionLogSourceOptions } from './reflection-log-source-options.js';
import type { ReflectionPage } from './reflection-page.js';
import type { ReflectionQuery } from './reflection-query.js';
import type { ReflectionSource } from './reflection-source.js';
import { call, lastToolResults, scriptedModel, testContext } from '../test/support/reflection-fixtures.js';

let directory: string;
let store: FileLogStore;
/** Trace ids the reader was asked for, in order. */
let reads: string[];
let reader: ReflectionLogReader;
const runs = ['run-1', 'run-2', 'run-3'] as const;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'reflection-runs-'));
  store = createFileLogStore({ directory });
  for (const [index, run] of runs.entries()) {
    const log = store.open(run, 'reply'); // seq 0: flow.start
    for (let step = 0; step <= index; step += 1) log.record('model.end', { run, step });
  }
  store.open('run-x').record('secret', { password: 'hunter2' });
  await store.flush();
  reads = [];
  reader = { read: (request) => { reads.push(request.traceId); return store.reader.read(request); } };
});

afterEach(async () => {
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

function source(overrides: Partial<Record<keyof ReflectionLogSourceOptions<unknown>, unknown>> = {}): ReflectionSource {
  return defineReflectionLogSource({ reader, runs, id: 'history', authorize: async () => {}, ...overrides } as ReflectionLogSourceOptions<unknown>);
}

/** Every page of `query` through `logSource`, following cursors. */
async function allPages(logSource: ReflectionSource, query: ReflectionQuery, context: OperationContext = testContext()): Promise<ReflectionPage[]> {
  const pages: ReflectionPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await logSource.query({ ...query, ...(cursor === undefined ? {} : { cursor }) }, context);
    pages.push(page);
    cursor = page.cursor;
  } while (cursor !== undefined && pages.length < 100);
  return pages;
}

const everyId = ['run-1:0', 'run-1:1', 'run-2:0', 'run-2:1', 'run-2:2', 'run-3:0', 'run-3:1', 'run-3:2', 'run-3:3'];

describe('defineReflectionLogSource over the runs of a scope', () => {
  it('reflects over three traces: the model queries one run, then the scope, and cites records by trace id and seq', async () => {
    const authorized: unknown[] = [];
    const reflection = defineReflection({
      model: scriptedModel([
        call('query_evidence', { run: 'run-2', limit: 10 }),
        call('query_evidence', { limit: 4 }),
        (request) => call('query_evidence', { limit: 10, cursor: lastToolResults(request)[0]?.cursor }) as never,
        call('submit_report', { summary: 'run 2 and run 3 ended', findings: [{ claim: 'run 2 ended twice', evidenceIds: ['run-2:1', 'run-2:2'] }, { claim: 'run 3 ended', evidenceIds: ['run-3:3'] }] }),
      ]).model,
      source: source({ authorize: (context: OperationContext) => { authorized.push(context); } }),
      authorize: async () => {},
      maxCalls: 5,
      reserveCalls: 1,
      maxPages: 4,
      maxEvents: 64,
      maxEvidenceChars: 12_000,
    });
    const context = testContext();
    const report = await reflection.run('How did the runs end?', context);
    expect(report.stoppedBy).toBe('report');
    expect(reads).toEqual(['run-2', 'run-1', 'run-2', 'run-2', 'run-3']);
    expect(report.evidence.map((item) => [item.id, item.run, (item.data as { seq: number }).seq])).toEqual([
      ['run-2:1', 'run-2', 1],
      ['run-2:2', 'run-2', 2],
      ['run-3:3', 'run-3', 3],
    ]);
    expect(report.evidence[2]?.text).toMatch(/^model\.end flow=\S+ \{"run":"run-3","step":2\}$/);
    // The App's authorize ran once per query, with its own context.
    expect(authorized).toEqual([context, context, context]);
    expect(report.coverage).toMatchObject({ pages: 3, events: 3 + 4 + 5, complete: true, gaps: [] });
    expect(JSON.stringify(report)).not.toContain('hunter2');
  });

  it('pages through the scope in its order, crossing from one run into the next, with ids unique across runs', async () => {
    for (const limit of [1, 2, 4, 9, 100]) {
      const pages = await allPages(source(), { limit });
      expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(everyId);
      expect(pages.every((page) => page.items.length <= limit)).toBe(true);
      expect(pages.map((page) => page.coverage.complete)).toEqual([...pages.slice(1).map(() => false), true]);
    }
    // A function scope: its order, not the store's.
    const reversed = await allPages(source({ runs: () => ['run-3', 'run-1'] }), { limit: 3 });
    expect(reversed.flatMap((page) => page.items.map((item) => item.id))).toEqual(['run-3:0', 'run-3:1', 'run-3:2', 'run-3:3', 'run-1:0', 'run-1:1']);
  });

  it('reads one run of the scope when the query names it, its cursor staying in that run', async () => {
    const pages = await allPages(source(), { run: 'run-3', limit: 3, types: ['model.end'] });
    expect(pages.map((page) => page.items.map((item) => item.id))).toEqual([['run-3:1', 'run-3:2', 'run-3:3']]);
    const small = await allPages(source(), { run: 'run-2', limit: 1 });
    expect(small.flatMap((page) => page.items.map((item) => item.id))).toEqual(['run-2:0', 'run-2:1', 'run-2:2']);
    expect(reads.filter((run) => run !== 'run-3')).toEqual(['run-2', 'run-2', 'run-2']);
  });

  it('refuses a run outside the scope with UNAUTHORIZED before the App hook, and never reads it', async () => {
    let hooks = 0;
    const logSource = source({ authorize: () => { hooks += 1; } });
    const refusal = { code: 'UNAUTHORIZED', message: 'source "history" reads only the runs of its scope; run "run-x" is refused', details: { sourceId: 'history', field: 'run' } };
    await expect(logSource.authorize({ run: 'run-x', limit: 1 }, testContext())).rejects.toMatchObject(refusal);
    await expect(logSource.query({ run: 'run-x', limit: 1 }, testContext())).rejects.toMatchObject(refusal);
    const reflection = defineReflection({
      model: scriptedModel([call('query_evidence', { run: 'run-x', limit: 5 }), call('submit_report', { summary: 's', findings: [] })]).model,
      source: logSource,
      authorize: async () => {},
      maxCalls: 3,
      reserveCalls: 1,
      maxPages: 2,
      maxEvents: 10,
      maxEvidenceChars: 1000,
    });
    await expect(reflection.run('What is in run x?', testContext())).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect([reads, hooks]).toEqual([[], 0]);
  });

  it('asks a function scope on every authorize and query, with the App context, and follows it when it changes', async () => {
    const contexts: unknown[] = [];
    let allowed: string[] = ['run-1', 'run-2'];
    const logSource = source({ runs: async (context: OperationContext) => { contexts.push(context); return allowed; } });
    const context = testContext();
    await logSource.authorize({ limit: 1 }, context);
    const first = await logSource.query({ limit: 3 }, context);
    expect(first.items.map((item) => item.id)).toEqual(['run-1:0', 'run-1:1', 'run-2:0']);
    expect(contexts).toEqual([context, context]);
    allowed = ['run-1'];
    await expect(logSource.query({ limit: 3, cursor: first.cursor }, context)).rejects.toMatchObject({ code: 'UNAUTHORIZED', details: { field: 'run' } });
    await expect(logSource.authorize({ run: 'run-2', limit: 1 }, context)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    allowed = [];
    expect(await logSource.query({ limit: 3 }, context)).toEqual({ items: [], coverage: { consistency: 'best-effort', complete: true, gaps: [] } });
  });

  it('fails closed when the scope function throws (UNAUTHORIZED), and refuses a scope that is not a list of distinct runs (SOURCE_FAILED)', async () => {
    const thrown = new Error('no session');
    await expect(source({ runs: () => { throw thrown; } }).authorize({ limit: 1 }, testContext())).rejects.toMatchObject({ code: 'UNAUTHORIZED', cause: thrown, details: { hook: 'runs', sourceId: 'history' } });
    const bad: [unknown, string, string][] = [
      [['run-1', 'run-1'], 'runs[1]', 'duplicate'],
      [['run-1', ''], 'runs[1]', 'length'],
      ['run-1', 'runs', 'type'],
      [Array.from({ length: 10_001 }, (_, index) => `r${index}`), 'runs', 'length'],
    ];
    for (const [value, field, rule] of bad) {
      await expect(source({ runs: () => value }).query({ limit: 1 }, testContext())).rejects.toMatchObject({ code: 'SOURCE_FAILED', message: expect.stringMatching(/^log source "history": runs/) as string, details: expect.objectContaining({ field, rule }) as object });
    }
    expect(reads).toEqual([]);
  });

  it('refuses an altered cursor, one of another source or another query, and a reader cursor, with INPUT_INVALID naming query.cursor', async () => {
    const logSource = source();
    const { cursor } = await logSource.query({ limit: 3 }, testContext());
    const { cursor: runCursor } = await logSource.query({ run: 'run-2', limit: 1 }, testContext());
    const raw = (await store.reader.read({ traceId: 'run-1', limit: 1, signal: new AbortController().signal })).cursor;
    const flipped = (text: string, at: number) => `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    const tampered: [string, ReflectionQuery][] = [
      ['a changed position', { limit: 3, cursor: flipped(cursor!, 5) }],
      ['a changed checksum', { limit: 3, cursor: flipped(cursor!, cursor!.length - 1) }],
      ['a cursor of another source', { limit: 3, cursor: await encodeLogSourceCursor('other', { run: 'run-2', scope: true, incomplete: false }) }],
      ['a run cursor without its run', { limit: 3, cursor: runCursor }],
      ['a run cursor with another run', { run: 'run-3', limit: 3, cursor: runCursor }],
      ['a scope cursor with a run', { run: 'run-1', limit: 3, cursor }],
      ['a cursor of the reader itself', { limit: 3, cursor: raw }],
    ];
    reads = [];
    for (const [, query] of tampered) {
      const refusal = { code: 'INPUT_INVALID', message: expect.stringMatching(/^log source "history": query\.cursor /) as string, details: expect.objectContaining({ field: 'query.cursor', rule: 'cursor' }) as object };
      await expect(logSource.query(query, testContext())).rejects.toMatchObject(refusal);
      await expect(logSource.authorize(query, testContext())).rejects.toMatchObject(refusal);
    }
    expect(reads).toEqual([]);
    // A cursor of a run outside the scope, checksummed as this source would: the scope still refuses it.
    const foreign = await encodeLogSourceCursor('history', { run: 'run-x', scope: true, incomplete: false });
    await expect(logSource.query({ limit: 3, cursor: foreign }, testContext())).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(reads).toEqual([]);
  });

  it('names the run in each gap and says not complete to the end of the chain once a run was not read completely', async () => {
    const pages = await allPages(source({ runs: ['run-1', 'run-none', 'run-2'] }), { limit: 2 });
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(['run-1:0', 'run-1:1', 'run-2:0', 'run-2:1', 'run-2:2']);
    expect(pages.flatMap((page) => page.coverage.gaps)).toEqual(['run "run-none": trace "run-none" has no log file']);
    expect(pages.every((page) => !page.coverage.complete)).toBe(true);
  });
});

describe('defineReflectionLogSource pages over many runs cost O(page)', () => {
  /** An in-memory reader of `count` runs `r0`, `r1`, … of `records` records each, offset cursors; counts its reads. */
  function memoryReader(records: (run: string) => number): ReflectionLogReader & { reads: LogReadRequest[] } {
    const requests: LogReadRequest[] = [];
    return {
      reads: requests,
      read: async (request) => {
        requests.push(request);
        const offset = request.cursor === undefined ? 0 : Number(request.cursor);
        const total = records(request.traceId);
        const end = Math.min(total, offset + request.limit);
        const page: LogPage = {
          records: Array.from({ length: end - offset }, (_, index) => ({ traceId: request.traceId, flowId: 'f', seq: offset + index, at: '2024-05-01T12:00:00.000Z', type: 't' })),
          ...(end < total ? { cursor: String(end) } : {}),
          complete: end >= total,
          gaps: [],
        };
        return page;
      },
    };
  }

  it('reads at most 16 reader pages per page, and its cursor does not grow with the number of runs', async () => {
    const scope = Array.from({ length: 5_000 }, (_, index) => `r${index}`);
    const memory = memoryReader((run) => (run === 'r4999' ? 3 : 0));
    const logSource = defineReflectionLogSource({ reader: memory, runs: () => scope, id: 'many', authorize: () => undefined });
    const first = await logSource.query({ limit: 10 }, testContext());
    expect(first.items).toEqual([]);
    expect(memory.reads).toHaveLength(16);
    const lengths = new Set<number>();
    let page = first;
    let pages = 1;
    while (page.cursor !== undefined) {
      lengths.add(page.cursor.length);
      page = await logSource.query({ limit: 10, cursor: page.cursor }, testContext());
      pages += 1;
    }
    expect(page.items.map((item) => item.id)).toEqual(['r4999:0', 'r4999:1', 'r4999:2']);
    expect(page.coverage.complete).toBe(true);
    expect(pages).toBe(Math.ceil(5_000 / 16));
    expect(Math.max(...lengths)).toBeLessThan(120);
    expect(memory.reads.every((request) => request.limit <= 10)).toBe(true);
  });

  it('asks each run for what is left of the page only', async () => {
    const memory = memoryReader(() => 3);
    const logSource = defineReflectionLogSource({ reader: memory, runs: ['a', 'b', 'c'], id: 'many', authorize: () => undefined });
    const page = await logSource.query({ limit: 7 }, testContext());
    expect(page.items.map((item) => item.id)).toEqual(['a:0', 'a:1', 'a:2', 'b:0', 'b:1', 'b:2', 'c:0']);
    expect(memory.reads.map((request) => [request.traceId, request.limit])).toEqual([['a', 7], ['b', 4], ['c', 1]]);
  });
});
