import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentCoreError, type LogPage, type LogReadRequest } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { createFileLogStore } from '../file/create-file-log-store.js';
import type { TraceReader, TraceStore } from '../trace-store.js';
import { ConformanceFailure } from './conformance-assert.js';
import { describeTraceStoreConformance } from './describe-trace-store-conformance.js';
import type { ConformanceTestBody, TraceStoreConformanceOptions, TraceStoreSubject } from './trace-store-subject.js';

interface CollectedTest {
  readonly name: string;
  readonly run: ConformanceTestBody | undefined;
}

/** The kit's tests for `options`, collected with a describe and it of our own instead of vitest's. */
function collect(options: Omit<TraceStoreConformanceOptions, 'describe' | 'it'>): CollectedTest[] {
  const tests: CollectedTest[] = [];
  const path: string[] = [];
  const describeTests = (name: string, body: () => void): void => {
    path.push(name);
    body();
    path.pop();
  };
  const it = Object.assign((name: string, run: ConformanceTestBody) => tests.push({ name: [...path, name].join(' > '), run }), {
    skip: (name: string) => tests.push({ name: [...path, name].join(' > '), run: undefined }),
  });
  describeTraceStoreConformance({ ...options, describe: describeTests, it });
  return tests;
}

/** A file store over a fresh directory, with its reader replaced by `breakReader(reader)`. */
function brokenSubject(breakReader: (reader: TraceReader) => TraceReader) {
  return async (): Promise<TraceStoreSubject> => {
    const directory = await mkdtemp(join(tmpdir(), 'agent-trace-broken-'));
    const stores: TraceStore[] = [];
    const open = (): TraceStore => {
      const store = createFileLogStore({ directory });
      stores.push(store);
      return { ...store, reader: breakReader(store.reader) };
    };
    return {
      store: open(),
      reopen: async () => open(),
      async dispose() {
        await Promise.allSettled(stores.map((store) => store.close()));
        await rm(directory, { recursive: true, force: true });
      },
    };
  };
}

/** Runs the collected test named `name` (it must exist and run). */
async function runTest(tests: readonly CollectedTest[], name: string): Promise<void> {
  const test = tests.find((candidate) => candidate.name.endsWith(name));
  if (test?.run === undefined) throw new Error(`no test ${name}`);
  await test.run();
}

const withReader = (reader: TraceReader, read: (request: LogReadRequest) => Promise<LogPage>): TraceReader => ({ read, list: (request) => reader.list(request) });

describe('describeTraceStoreConformance', () => {
  it('registers every test with the given describe and it, and skips the capabilities a store lacks', () => {
    const tests = collect({ name: 'bare', subject: brokenSubject((reader) => reader) });
    expect(tests.length).toBeGreaterThanOrEqual(30);
    expect(tests.every((test) => test.name.startsWith('bare: TraceStore conformance > '))).toBe(true);
    expect(tests.filter((test) => test.run === undefined).map((test) => test.name.split(' > ').at(-1))).toEqual([
      'reports a write torn by a crash as a gap, keeps every record before it, and appends after it on restart',
      'keeps every record flushed before a writer crashed, in order, and continues the seq after it',
      'loses nothing and keeps each writer’s order when several processes write one trace at once',
      'fails the read with LOG_FAILED at a stored record that is no longer JSON, never skipping it',
      'fails the read with LOG_FAILED at a stored record whose seq was changed, never skipping it',
      'fails the read with LOG_FAILED at a stored record moved to another trace, never skipping it',
      'fails the read with LOG_FAILED at a stored record that was deleted, never skipping it',
      'fails the read with LOG_FAILED at a stored record whose data is no longer a JSON object, never skipping it',
    ]);
  });

  it.each([
    [
      'a reader that loses the last record of every page',
      (reader: TraceReader) => withReader(reader, async (request) => {
        const page = await reader.read(request);
        return { ...page, records: page.records.slice(0, -1) };
      }),
      ['pages through exactly the records of one big read, whatever the limit', 'reads what was recorded before the call, without a flush (read-your-writes)'],
    ],
    [
      'a reader that ignores the type filter',
      (reader: TraceReader) => withReader(reader, (request) => reader.read({ ...request, types: undefined })),
      ['filters by record type across pages; an empty list reads every type'],
    ],
    [
      'a reader that takes any cursor as the start',
      (reader: TraceReader) => withReader(reader, (request) => reader.read({ ...request, cursor: undefined })),
      ['refuses an altered cursor and garbage with INPUT_INVALID (field cursor)', 'refuses a cursor of another store holding a trace of the same id and records'],
    ],
    [
      'a reader that passes over what it cannot read',
      (reader: TraceReader) => withReader(reader, async (request) => {
        try {
          return await reader.read(request);
        } catch (error) {
          if (AgentCoreError.isInstance(error) && error.code === 'LOG_FAILED') return { records: [], complete: true, gaps: [] };
          throw error;
        }
      }),
      ['refuses records, flows, reads, lists and prunes with LOG_FAILED; close is idempotent'],
    ],
    [
      'a reader that lists traces in the order the file system gives',
      (reader: TraceReader): TraceReader => ({
        read: (request) => reader.read(request),
        list: async (request) => {
          const page = await reader.list(request);
          return { ...page, traces: [...page.traces].reverse() };
        },
      }),
      ['lists every trace once, in order of trace id, page by page (none in an empty store)'],
    ],
  ])('fails for %s', async (_label, breakReader, names) => {
    const tests = collect({ name: 'broken', subject: brokenSubject(breakReader) });
    for (const name of names) await expect(runTest(tests, name), name).rejects.toBeInstanceOf(ConformanceFailure);
  });

  it('fails the damaged-record tests for a store that skips what it cannot read', async () => {
    const skipping = (reader: TraceReader) =>
      withReader(reader, async (request) => {
        try {
          return await reader.read(request);
        } catch (error) {
          if (AgentCoreError.isInstance(error) && error.code === 'LOG_FAILED') return { records: [], complete: false, gaps: ['skipped'] };
          throw error;
        }
      });
    const tests = collect({
      name: 'skipping',
      subject: brokenSubject(skipping),
      corruption: { damages: ['remove'], corrupt: () => Promise.resolve() },
    });
    // The damage is not even done: a store that reads the trace whole must fail the test too.
    await expect(runTest(tests, 'at a stored record that was deleted, never skipping it')).rejects.toBeInstanceOf(ConformanceFailure);
  });
});
