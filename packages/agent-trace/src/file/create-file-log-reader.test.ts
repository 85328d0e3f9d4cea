import { appendFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LogPageSchema, type LogPage, type LogRecord } from '@jangts/agent-types';
import { compileSchema } from '@jangts/agent-types/internal/compile';
import { describe, expect, it } from 'vitest';
import { rejected } from './testing/agent-core-rejection.js';
import type { FileLogStore } from './file-log-store.js';
import { useTemporaryLogStores } from './testing/use-temporary-log-stores.js';

const { temporaryStore } = useTemporaryLogStores('agent-log-reader-');
const pageValidator = compileSchema(LogPageSchema);
const signal = new AbortController().signal;

async function readAll(store: FileLogStore, traceId: string, limit: number, types?: string[]): Promise<{ records: LogRecord[]; pages: LogPage[] }> {
  const records: LogRecord[] = [];
  const pages: LogPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.reader.read({ traceId, limit, signal, ...(types === undefined ? {} : { types }), ...(cursor === undefined ? {} : { cursor }) });
    expect(pageValidator.check(page)).toBe(true);
    expect(page.records.length).toBeLessThanOrEqual(limit);
    pages.push(page);
    records.push(...page.records);
    cursor = page.cursor;
  } while (cursor !== undefined);
  return { records, pages };
}

function line(seq: number, type = 'a'): string {
  return `${JSON.stringify({ traceId: 'run-1', flowId: 'f', seq, at: '2024-01-01T00:00:00.000Z', type })}\n`;
}

describe('FileLogStore.reader', () => {
  it('reads what was just recorded, without an explicit flush (read-your-writes)', async () => {
    const store = await temporaryStore();
    const log = store.open('run-1');
    log.record('model.start', { stageId: 'reply' });
    const page = await store.reader.read({ traceId: 'run-1', limit: 10, signal });
    expect(page.records.map((record) => record.type)).toEqual(['flow.start', 'model.start']);
    expect(page.records[1]).toMatchObject({ traceId: 'run-1', flowId: log.flowId, seq: 1, data: { stageId: 'reply' } });
    expect(page).toMatchObject({ complete: true, gaps: [] });
    expect(page.cursor).toBeUndefined();
  });

  it('pages with small limits through exactly the records of one big read', async () => {
    const store = await temporaryStore();
    const root = store.open('run-1');
    const flows = [root, root.child('a'), root.child('b')];
    for (let index = 0; index < 200; index += 1) flows[index % 3]!.record(`type-${index % 4}`, { index });
    const whole = await readAll(store, 'run-1', 10_000);
    expect(whole.pages).toHaveLength(1);
    expect(whole.records).toHaveLength(203);
    for (const limit of [1, 2, 7, 50, 203, 204]) {
      const paged = await readAll(store, 'run-1', limit);
      expect(paged.records).toEqual(whole.records);
      expect(paged.pages.at(-1)?.complete).toBe(true);
      expect(paged.pages.slice(0, -1).every((page) => !page.complete && page.records.length === limit)).toBe(true);
    }
  });

  it('filters by record type across pages; an empty list reads every type', async () => {
    const store = await temporaryStore();
    const log = store.open('run-1');
    for (let index = 0; index < 60; index += 1) log.record(`type-${index % 3}`, { index });
    const { records } = await readAll(store, 'run-1', 4, ['type-1', 'type-2']);
    expect(records.map((record) => record.data?.index)).toEqual(
      Array.from({ length: 60 }, (_, index) => index).filter((index) => index % 3 !== 0),
    );
    expect((await readAll(store, 'run-1', 1000, [])).records).toHaveLength(61);
    expect((await readAll(store, 'run-1', 1000, ['none'])).records).toEqual([]);
  });

  it('rejects an altered cursor, a cursor of another trace and garbage with INPUT_INVALID', async () => {
    const store = await temporaryStore();
    for (const traceId of ['run-1', 'run-2']) {
      const log = store.open(traceId);
      log.record('a');
      log.record('b');
    }
    const { cursor } = await store.reader.read({ traceId: 'run-1', limit: 1, signal });
    expect(cursor).toBeDefined();
    const altered = `${cursor!.slice(0, 3)}${cursor![3] === '1' ? '2' : '1'}${cursor!.slice(4)}`;
    for (const [traceId, bad] of [
      ['run-1', altered],
      ['run-2', cursor],
      ['run-1', 'v1.0.AAAAAAAAAAAAAAAA'],
      ['run-1', ''],
      ['run-1', 42],
    ] as const) {
      const error = await rejected(() => store.reader.read({ traceId, limit: 1, signal, cursor: bad as string }));
      expect(error.code).toBe('INPUT_INVALID');
      expect(error.details.field).toBe('cursor');
    }
  });

  it('rejects a cursor that no longer points at a line, as after a prune', async () => {
    const store = await temporaryStore();
    const log = store.open('run-1');
    log.record('a', { text: 'a long record that will not be there again' });
    const { cursor } = await store.reader.read({ traceId: 'run-1', limit: 1, signal });
    await store.prune({ maxTotalBytes: 0 });
    store.open('run-1').record('b');
    const error = await rejected(() => store.reader.read({ traceId: 'run-1', limit: 1, signal, cursor: cursor! }));
    expect(error.code).toBe('INPUT_INVALID');
    expect(error.message).toContain('pruned');
  });

  it('skips a torn last line and reports it as a gap', async () => {
    const store = await temporaryStore();
    await writeFile(join(store.directory, 'run-1.jsonl'), `${line(0)}${line(1)}{"traceId":"run-1","fl`);
    const page = await store.reader.read({ traceId: 'run-1', limit: 10, signal });
    expect(page.records.map((record) => record.seq)).toEqual([0, 1]);
    expect(page.complete).toBe(false);
    expect(page.cursor).toBeUndefined();
    expect(page.gaps).toHaveLength(1);
    expect(page.gaps[0]).toContain('torn last line');
  });

  it('reports a torn tail after a full page on the next page', async () => {
    const store = await temporaryStore();
    await writeFile(join(store.directory, 'run-1.jsonl'), `${line(0)}${line(1)}${line(2).slice(0, -1)}`);
    const first = await store.reader.read({ traceId: 'run-1', limit: 2, signal });
    expect(first.gaps).toEqual([]);
    expect(first.cursor).toBeDefined();
    const second = await store.reader.read({ traceId: 'run-1', limit: 2, signal, cursor: first.cursor! });
    expect(second.records).toEqual([]);
    expect(second.gaps).toHaveLength(1);
    expect(second.complete).toBe(false);
  });

  it.each([
    ['not JSON', '{"traceId":"run-1","flowId\n', 'is not JSON'],
    ['not a record', '[1,2]\n', 'is not a JSON object'],
    ['a record with a negative seq', `${JSON.stringify({ traceId: 'run-1', flowId: 'f', seq: -1, at: 'x', type: 'a' })}\n`, 'has no valid seq'],
    ['a record of another trace', line(1).replace('run-1', 'run-9'), 'is a record of trace "run-9"'],
    ['a record out of order', line(5), 'has seq 5 where 1 follows'],
    ['a line longer than 1 MiB', `${'x'.repeat(1024 * 1024 + 10)}\n`, 'is longer than 1048576 bytes'],
  ])('fails the read with LOG_FAILED at a line edited by hand (%s), never skipping it', async (_label, hostile, problem) => {
    const store = await temporaryStore();
    await writeFile(join(store.directory, 'run-1.jsonl'), `${line(0)}${hostile}${line(1)}`);
    const start = Buffer.byteLength(line(0));
    await expect(store.reader.read({ traceId: 'run-1', limit: 10, signal })).rejects.toMatchObject({
      code: 'LOG_FAILED',
      details: { traceId: 'run-1', start, end: start + Buffer.byteLength(hostile), problem: expect.stringContaining(problem) },
    });
    // The records before it are still readable, one page at a time, up to the line.
    const first = await store.reader.read({ traceId: 'run-1', limit: 1, signal });
    expect(first.records.map((record) => record.seq)).toEqual([0]);
    await expect(store.reader.read({ traceId: 'run-1', limit: 1, signal, cursor: first.cursor! })).rejects.toMatchObject({ code: 'LOG_FAILED' });
  });

  it('fails the read at a record removed by hand, also across a page boundary (the cursor carries the seq)', async () => {
    const store = await temporaryStore();
    await writeFile(join(store.directory, 'run-1.jsonl'), `${line(0)}${line(1)}${line(2)}`);
    const first = await store.reader.read({ traceId: 'run-1', limit: 1, signal });
    await writeFile(join(store.directory, 'run-1.jsonl'), `${line(0)}${line(2)}`);
    await expect(store.reader.read({ traceId: 'run-1', limit: 1, signal, cursor: first.cursor! })).rejects.toMatchObject({
      code: 'LOG_FAILED',
      details: { problem: expect.stringContaining('has seq 2 where 1 follows') },
    });
    await expect(store.reader.read({ traceId: 'run-1', limit: 10, signal })).rejects.toMatchObject({ code: 'LOG_FAILED' });
  });

  it('passes over blank lines, which hold no record', async () => {
    const store = await temporaryStore();
    await writeFile(join(store.directory, 'run-1.jsonl'), `${line(0)}\n\n${line(1)}`);
    const page = await store.reader.read({ traceId: 'run-1', limit: 10, signal });
    expect(page).toMatchObject({ complete: true, gaps: [] });
    expect(page.records.map((record) => record.seq)).toEqual([0, 1]);
  });

  it('appends after a torn tail so that the records written later are read', async () => {
    const store = await temporaryStore();
    await writeFile(join(store.directory, 'run-1.jsonl'), `${line(0)}{"torn`);
    store.open('run-1').record('b');
    const { records, pages } = await readAll(store, 'run-1', 100);
    expect(records.map((record) => [record.seq, record.type])).toEqual([
      [0, 'a'],
      [1, 'flow.start'],
      [2, 'b'],
    ]);
    expect(pages[0]?.gaps).toHaveLength(1);
  });

  it('reports a trace without a file as an empty, incomplete page with a gap', async () => {
    const store = await temporaryStore();
    const page = await store.reader.read({ traceId: 'never-written', limit: 10, signal });
    expect(page).toEqual({ records: [], complete: false, gaps: ['trace "never-written" has no log file'] });
  });

  it('bounds the bytes one page scans and still returns a cursor', async () => {
    const store = await temporaryStore({ maxScanBytesPerPage: 64 * 1024 });
    const log = store.open('run-1');
    for (let index = 0; index < 600; index += 1) log.record(index === 599 ? 'wanted' : 'noise', { text: 'x'.repeat(200) });
    const first = await store.reader.read({ traceId: 'run-1', limit: 10, signal, types: ['wanted'] });
    expect(first.records).toEqual([]);
    expect(first.cursor).toBeDefined();
    expect(first.complete).toBe(false);
    const { records, pages } = await readAll(store, 'run-1', 10, ['wanted']);
    expect(records.map((record) => record.type)).toEqual(['wanted']);
    expect(pages.length).toBeGreaterThan(1);
  });

  it('rejects a read whose signal already fired with ABORTED', async () => {
    const store = await temporaryStore();
    store.open('run-1');
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const error = await rejected(() => store.reader.read({ traceId: 'run-1', limit: 1, signal: controller.signal }));
    expect(error.code).toBe('ABORTED');
    expect((error.cause as Error).message).toBe('stop');
  });

  it('stops a read in progress with ABORTED when its signal fires', async () => {
    const store = await temporaryStore();
    const log = store.open('run-1');
    for (let index = 0; index < 1000; index += 1) log.record('a', { index });
    const controller = new AbortController();
    const reading = store.reader.read({ traceId: 'run-1', limit: 10, signal: controller.signal });
    controller.abort();
    expect((await rejected(() => reading)).code).toBe('ABORTED');
    await store.flush();
    expect((await store.reader.read({ traceId: 'run-1', limit: 10_000, signal })).records).toHaveLength(1001);
  });

  it('validates the request with INPUT_INVALID naming the field', async () => {
    const store = await temporaryStore();
    const cases: [unknown, string][] = [
      [null, 'request'],
      [{ traceId: 'run-1', limit: 1 }, 'signal'],
      [{ traceId: '../x', limit: 1, signal }, 'traceId'],
      [{ traceId: 'run-1', limit: 0, signal }, 'limit'],
      [{ traceId: 'run-1', limit: 10_001, signal }, 'limit'],
      [{ traceId: 'run-1', limit: 1.5, signal }, 'limit'],
      [{ traceId: 'run-1', limit: 1, signal, types: 'a' }, 'types'],
      [{ traceId: 'run-1', limit: 1, signal, types: ['a', ''] }, 'types[1]'],
      [{ traceId: 'run-1', limit: 1, signal, cursor: null }, 'cursor'],
    ];
    for (const [request, field] of cases) {
      const error = await rejected(() => store.reader.read(request as never));
      expect(error.code).toBe('INPUT_INVALID');
      expect(error.details.field).toBe(field);
    }
  });

  it('names the range and the value of a bad limit', async () => {
    const store = await temporaryStore();
    await expect(store.reader.read({ traceId: 'run-1', limit: 0, signal })).rejects.toMatchObject({
      code: 'INPUT_INVALID',
      message: 'read request: limit must be an integer from 1 to 10000 (got 0)',
      details: { field: 'limit', path: '/limit', rule: 'range', limit: 1, actual: 0 },
    });
  });

  it('is not starved by records that keep arriving, and sees every record recorded before it', async () => {
    const store = await temporaryStore();
    const log = store.open('run-1');
    let recorded = 1;
    let producing = true;
    const producer = (async () => {
      while (producing) {
        for (let index = 0; index < 50; index += 1) log.record('a', { text: 'x'.repeat(100) });
        recorded += 50;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await new Promise((resolve) => setImmediate(resolve));
    const before = recorded;
    const page = await store.reader.read({ traceId: 'run-1', limit: 10_000, signal });
    producing = false;
    await producer;
    expect(page.records.length).toBeGreaterThanOrEqual(before);
    expect(page.records.map((record) => record.seq)).toEqual(page.records.map((_, index) => index));
  });

  it('reads a file appended outside the store up to its size when the read began', async () => {
    const store = await temporaryStore();
    const file = join(store.directory, 'run-1.jsonl');
    await writeFile(file, line(0));
    const first = await store.reader.read({ traceId: 'run-1', limit: 1, signal });
    expect(first.cursor).toBeUndefined();
    await appendFile(file, line(1));
    expect((await store.reader.read({ traceId: 'run-1', limit: 5, signal })).records).toHaveLength(2);
  });
});

describe('FileLogStore.reader.list', () => {
  it('lists only the trace files the store could have created, never a link or a foreign file', async () => {
    const store = await temporaryStore();
    store.open('Real-1').record('a');
    await store.flush();
    await writeFile(join(store.directory, 'notes.txt'), 'not a trace');
    await writeFile(join(store.directory, 'run-1.jsonl.lock'), '');
    await symlink(join(store.directory, '+real-1.jsonl'), join(store.directory, 'linked.jsonl'));
    const page = await store.reader.list({ limit: 10, signal });
    expect(page.traces.map((trace) => trace.traceId)).toEqual(['Real-1']);
    expect(page.cursor).toBeUndefined();
  });
});
