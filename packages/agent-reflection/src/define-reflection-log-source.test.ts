import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileLogStore, type FileLogStore } from '@jangts/agent-trace/file';
import { AgentCoreError, type LogPage, type OperationContext, type LogReadRequest, type LogRecord, type ReflectionLogReader } from '@jangts/agent-types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineReflectionLogSource } from './define-reflection-log-source.js';
import type { ReflectionLogSourceOptions } from './reflection-log-source-options.js';
import { readCounter, sharedTower } from '../test/support/read-counter.js';
import { testContext } from '../test/support/reflection-fixtures.js';

let directory: string;
let store: FileLogStore;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'reflection-log-source-'));
  store = createFileLogStore({ directory });
  const log = store.open('trace-a', 'reply');
  log.record('model.start', { stageId: 'reply' });
  log.record('model.end', { ok: false, code: 'TIMEOUT' });
  log.child('tool').record('tool.call', { tool: 'search' });
  store.open('trace-b').record('secret', { password: 'hunter2' });
  await store.flush();
});

afterEach(async () => {
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

function source(overrides: Partial<Record<keyof ReflectionLogSourceOptions<unknown>, unknown>> = {}) {
  return defineReflectionLogSource({ reader: store.reader, traceId: 'trace-a', id: 'history', authorize: async () => {}, ...overrides } as ReflectionLogSourceOptions<unknown>);
}

describe('defineReflectionLogSource', () => {
  it('turns the records of one trace into evidence with stable ids', async () => {
    const page = await source().query({ limit: 10 }, testContext());
    expect(page.items.map((item) => [item.id, item.type, item.run])).toEqual([
      ['trace-a:0', 'flow.start', 'trace-a'],
      ['trace-a:1', 'model.start', 'trace-a'],
      ['trace-a:2', 'model.end', 'trace-a'],
      ['trace-a:3', 'flow.start', 'trace-a'],
      ['trace-a:4', 'tool.call', 'trace-a'],
    ]);
    const end = page.items[2]!;
    expect(end.text).toMatch(/^model\.end flow=\S+ \{"ok":false,"code":"TIMEOUT"\}$/);
    expect(end.data).toEqual({ flowId: expect.any(String) as string, seq: 2, data: { ok: false, code: 'TIMEOUT' } });
    expect(Date.parse(end.at!)).not.toBeNaN();
    expect(page.coverage).toEqual({ consistency: 'best-effort', complete: true, gaps: [] });
    expect(page.cursor).toBeUndefined();
    expect(JSON.stringify(page)).not.toContain('hunter2');
  });

  it('passes types and cursors through to the reader', async () => {
    const logSource = source();
    const first = await logSource.query({ types: ['model.start', 'model.end', 'tool.call'], limit: 2 }, testContext());
    expect(first.items.map((item) => item.id)).toEqual(['trace-a:1', 'trace-a:2']);
    expect(first.cursor).toEqual(expect.any(String));
    expect(first.coverage.complete).toBe(false);
    const second = await logSource.query({ types: ['model.start', 'model.end', 'tool.call'], cursor: first.cursor, limit: 2 }, testContext());
    expect(second.items.map((item) => item.id)).toEqual(['trace-a:4']);
    expect(second.coverage.complete).toBe(true);
  });

  it('refuses another run with UNAUTHORIZED before the App hook runs, and never reads it', async () => {
    const calls: string[] = [];
    const reader: ReflectionLogReader = { read: (request) => { calls.push(request.traceId); return store.reader.read(request); } };
    const logSource = source({ reader, authorize: () => { calls.push('authorize'); } });
    await expect(logSource.authorize({ run: 'trace-b', limit: 1 }, testContext())).rejects.toMatchObject({ code: 'UNAUTHORIZED', details: { sourceId: 'history', field: 'run' } });
    await expect(logSource.query({ run: 'trace-b', limit: 1 }, testContext())).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(calls).toEqual([]);
    await logSource.authorize({ run: 'trace-a', limit: 1 }, testContext());
    expect((await logSource.query({ run: 'trace-a', limit: 1 }, testContext())).items).toHaveLength(1);
    expect(calls).toEqual(['authorize', 'trace-a']);
  });

  it("calls the App's authorize with the context only, and fails closed when it rejects", async () => {
    const seen: unknown[] = [];
    const context = testContext({ tenant: 't1' });
    const logSource = defineReflectionLogSource<{ tenant: string }>({
      reader: store.reader,
      traceId: 'trace-a',
      id: 'history',
      authorize: async (received) => {
        seen.push(received);
        await Promise.reject(new Error('tenant mismatch'));
      },
    });
    await expect(logSource.authorize({ limit: 1 }, context)).rejects.toThrow('tenant mismatch');
    expect(seen).toEqual([context]);
  });

  it('describes the trace by default and takes the App description when given', () => {
    expect(source().description).toContain('"trace-a"');
    expect(source({ description: 'Support history.' }).description).toBe('Support history.');
    expect(source().id).toBe('history');
  });

  it('reads a trace without a file as an empty, not complete page', async () => {
    const page = await source({ traceId: 'trace-none' }).query({ limit: 5 }, testContext());
    expect(page).toEqual({ items: [], coverage: { consistency: 'best-effort', complete: false, gaps: ['trace "trace-none" has no log file'] } });
  });

  it('asks the reader for at most 10,000 records per page', async () => {
    const requests: LogReadRequest[] = [];
    const reader: ReflectionLogReader = { read: async (request) => { requests.push(request); return { records: [], complete: true, gaps: [] }; } };
    await source({ reader }).query({ limit: 1_000_000 }, testContext());
    expect(requests[0]?.limit).toBe(10_000);
  });

  const record = (overrides: Partial<LogRecord>): LogRecord => ({ traceId: 'trace-a', flowId: 'f', seq: 0, at: '2024-05-01T12:00:00.000Z', type: 't', ...overrides });

  it('fails with SOURCE_FAILED when the reader returns more records than asked, before reading any of them', async () => {
    const counter = readCounter();
    const { counted } = counter;
    for (const records of [[record({}), record({ seq: 1 })], Array.from({ length: 20_000 }, (_, seq) => ({ seq }))]) {
      const reader: ReflectionLogReader = { read: async () => ({ records: records.map((item) => counted(item as LogRecord)), complete: true, gaps: [] }) };
      await expect(source({ reader }).query({ limit: 1 }, testContext())).rejects.toMatchObject({
        code: 'SOURCE_FAILED',
        message: `log source "history" reader page: records must have at most 1 items (got ${records.length})`,
        details: { field: 'records', path: '/records', rule: 'length', limit: 1, actual: records.length },
      });
    }
    expect(counter.reads).toBe(0);
  });

  it('checks record data that shares objects once per object (a 40-level tower: 2^40 paths)', async () => {
    const counter = readCounter(1_000);
    const data = sharedTower(40, counter.counted);
    // The tower passes the JSON check; the next record then fails the page, so its text is never built.
    const reader: ReflectionLogReader = { read: async () => ({ records: [record({ data }), record({ seq: 1, traceId: 'trace-b' })], complete: true, gaps: [] }) };
    await expect(source({ reader }).query({ limit: 5 }, testContext())).rejects.toMatchObject({
      code: 'SOURCE_FAILED',
      message: 'log source "history" reader page: records[1].traceId must be "trace-a" (got "trace-b")',
      details: { field: 'records[1].traceId', rule: 'enum' },
    });
    expect(counter.reads).toBeLessThan(1_000);
  });

  const brokenPages: [string, unknown, string, string][] = [
    ['a page that is not a LogPage', { records: 'none' }, 'records', 'type'],
    ['a record of another trace', { records: [record({ traceId: 'trace-b' })], complete: true, gaps: [] }, 'records[0].traceId', 'enum'],
    ['a record whose seq is not a safe integer', { records: [record({ seq: 2 ** 53 })], complete: true, gaps: [] }, 'records[0].seq', 'range'],
    ['a record whose data is not JSON', { records: [record({ data: { big: 1n } })], complete: true, gaps: [] }, 'records[0].data.big', 'json'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    ['a hole in its records', { records: [record({}), , record({ seq: 2 })], complete: true, gaps: [] }, 'records[1]', 'hole'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    ['a hole in its gaps', { records: [record({})], complete: false, gaps: [, 'lost lines'] }, 'gaps[0]', 'hole'],
  ];
  for (const [name, page, field, rule] of brokenPages) {
    it(`fails with SOURCE_FAILED naming ${field} when the reader returns ${name}`, async () => {
      const reader: ReflectionLogReader = { read: async () => page as LogPage };
      await expect(source({ reader }).query({ limit: 5 }, testContext())).rejects.toMatchObject({
        code: 'SOURCE_FAILED',
        message: expect.stringMatching(/^log source "history" reader page: /) as string,
        details: expect.objectContaining({ field, rule }) as object,
      });
    });
  }

  const badOptions: [string, Record<string, unknown>, string][] = [
    ['a reader without read', { reader: {} }, 'reader.read'],
    ['an empty trace id', { traceId: '' }, 'traceId'],
    ['an empty id', { id: ' ' }, 'id'],
    ['a missing authorize', { authorize: undefined }, 'authorize'],
    ['a description that is not a string', { description: 3 }, 'description'],
    ['an unknown option', { trace: 'x' }, 'trace'],
  ];
  for (const [name, change, field] of badOptions) {
    it(`refuses ${name} with CONFIG_INVALID naming ${field}`, () => {
      expect(() => source(change as never)).toThrow(
        expect.objectContaining({ code: 'CONFIG_INVALID', message: expect.stringMatching(new RegExp(`^defineReflectionLogSource options: ${field.replace('.', '\\.')} `)) as string, details: expect.objectContaining({ field }) as object }) as Error,
      );
    });
  }

  it("denies when the App's authorize returns false (fail closed), and never reads", async () => {
    let read = false;
    const reader: ReflectionLogReader = { read: async () => { read = true; return { records: [], complete: true, gaps: [] }; } };
    const denied = source({ reader, authorize: () => false as unknown as undefined });
    const error: unknown = await Promise.resolve(denied.authorize({ limit: 1 }, testContext())).then(() => undefined, (reason: unknown) => reason);
    expect(AgentCoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('returned false') as string, details: { hook: 'authorize', sourceId: 'history' } });
    expect(read).toBe(false);
  });

  it.each<[string, () => unknown]>([
    ['throws an Error', () => { throw new TypeError('deny'); }],
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- an App may throw anything
    ['throws a string', () => { throw 'deny'; }],
    ['rejects', () => Promise.reject(new Error('deny'))],
  ])("denies with UNAUTHORIZED, the App's error as the cause, when the App's authorize %s", async (_, hook) => {
    const denied = source({ reader: store.reader, authorize: hook });
    const error: unknown = await Promise.resolve(denied.authorize({ limit: 1 }, testContext())).then(() => undefined, (reason: unknown) => reason);
    expect(AgentCoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('deny') as string, details: { hook: 'authorize', sourceId: 'history' } });
    expect((error as Error).cause).toBeDefined();
  });

  it('refuses options whose reading throws with CONFIG_INVALID naming what it guards', () => {
    const options = Object.defineProperty({ reader: store.reader, id: 'i', authorize: async () => {} }, 'traceId', { enumerable: true, get: () => { throw new TypeError('g'); } });
    expect(() => defineReflectionLogSource(options as never)).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field: 'traceId', rule: 'readable' }) as object }) as Error);
  });

  const badArguments: [string, unknown, unknown, string][] = [
    ['no context', { limit: 1 }, undefined, 'context'],
    ['a null context', { limit: 1 }, null, 'context'],
    ['a context without a signal', { limit: 1 }, { app: {} }, 'context.signal'],
    ['a query without limit', {}, testContext(), 'query.limit'],
    ['a zero limit', { limit: 0 }, testContext(), 'query.limit'],
    ['types that are not a list', { limit: 1, types: 'a' }, testContext(), 'query.types'],
    ['types that are not strings', { limit: 1, types: [5] }, testContext(), 'query.types[0]'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    ['types with a hole', { limit: 1, types: [, 'x'] }, testContext(), 'query.types[0]'],
    ['a limit past the safe integers', { limit: 2 ** 53 }, testContext(), 'query.limit'],
    ['a cursor that is not a string', { limit: 1, cursor: 3 }, testContext(), 'query.cursor'],
    ['a run that is not a string', { limit: 1, run: 3 }, testContext(), 'query.run'],
    ['a query that is not an object', 'q', testContext(), 'query'],
    ['a query with a field ReflectionQuery does not have', { limit: 1, extra: 1 }, testContext(), 'query.extra'],
  ];
  for (const [name, query, context, field] of badArguments) {
    it(`rejects ${name} in query and authorize with INPUT_INVALID naming ${field}`, async () => {
      let read = false;
      const reader: ReflectionLogReader = { read: async () => { read = true; return { records: [], complete: true, gaps: [] }; } };
      let authorized = false;
      const guarded = source({ reader, authorize: () => { authorized = true; } });
      const refusal = { code: 'INPUT_INVALID', message: expect.stringMatching(/^log source "history": /) as string, details: expect.objectContaining({ field }) as object };
      await expect(guarded.query(query as never, context as never)).rejects.toMatchObject(refusal);
      await expect(guarded.authorize(query as never, context as never)).rejects.toMatchObject(refusal);
      expect([read, authorized]).toEqual([false, false]);
    });
  }
});

describe('defineReflectionLogSource and the abort signal', () => {
  it('rejects with ABORTED when the signal fires while the reader or the App hook never settles', async () => {
    const never = () => new Promise<never>(() => undefined);
    const stuck = defineReflectionLogSource({ reader: { read: never }, traceId: 'trace-a', id: 'history', authorize: never });
    for (const call of [(context: OperationContext) => stuck.query({ limit: 1 }, context), (context: OperationContext) => stuck.authorize({ limit: 1 }, context)]) {
      const controller = new AbortController();
      const pending = Promise.resolve(call({ app: {}, signal: controller.signal })).catch((reason: unknown) => reason);
      controller.abort(new Error('user left'));
      await expect(pending).resolves.toMatchObject({ code: 'ABORTED' });
    }
  });
});

describe('defineReflectionLogSource query with a hostile reader', () => {
  const context = testContext();
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const pages: [string, () => Promise<unknown>, object][] = [
    ['rejects with a bare TypeError', () => Promise.reject(new TypeError('boom')), { sourceId: 'h' }],
    // Resolving to it reads its `then`, which throws: a reader failure.
    ['resolves to a revoked proxy', async () => revoked, { sourceId: 'h' }],
    ['resolves to a page whose records getter throws', async () => Object.defineProperty({ complete: true, gaps: [] }, 'records', { enumerable: true, get: () => { throw new RangeError('g'); } }), { field: 'records', rule: 'readable' }],
  ];
  for (const [name, read, details] of pages) {
    it(`is SOURCE_FAILED with the cause when the reader ${name}`, async () => {
      const source = defineReflectionLogSource({ reader: { read: read as never }, traceId: 'trace-a', id: 'h', authorize: async () => {} });
      const error: unknown = await source.query({ limit: 1 }, context).then(() => undefined, (reason: unknown) => reason);
      expect(AgentCoreError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'SOURCE_FAILED', details: expect.objectContaining(details) as object });
      expect((error as Error).cause).toBeDefined();
    });
  }
});
