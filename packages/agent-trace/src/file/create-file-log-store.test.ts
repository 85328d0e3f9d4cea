import { readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AgentCoreError, type LogRecord } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { rejected } from './testing/agent-core-rejection.js';
import { createFileLogStore } from './create-file-log-store.js';
import type { FileLogStoreOptions } from './file-log-store-options.js';
import { useTemporaryLogStores } from './testing/use-temporary-log-stores.js';

const { temporaryDirectory, storeIn } = useTemporaryLogStores('agent-log-store-');

async function fileLines(directory: string, traceId: string): Promise<string[]> {
  const text = await readFile(join(directory, `${traceId}.jsonl`), 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n');
}

async function fileRecords(directory: string, traceId: string): Promise<LogRecord[]> {
  return (await fileLines(directory, traceId)).map((line) => JSON.parse(line) as LogRecord);
}

function thrown(action: () => unknown): AgentCoreError {
  try {
    action();
  } catch (error) {
    if (AgentCoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an AgentCoreError');
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('createFileLogStore', () => {
  it('writes one JSONL line per record with trace id, flow id, seq, time, type and data', async () => {
    const directory = await temporaryDirectory();
    const store = storeIn(directory);
    const log = store.open('run-1', 'reply');
    log.record('model.start', { stageId: 'reply', chars: 2 });
    log.record('model.end');
    await store.flush();
    const records = await fileRecords(directory, 'run-1');
    expect(records.map(({ traceId, flowId, seq, type, data }) => ({ traceId, flowId, seq, type, data }))).toEqual([
      { traceId: 'run-1', flowId: log.flowId, seq: 0, type: 'flow.start', data: { name: 'reply' } },
      { traceId: 'run-1', flowId: log.flowId, seq: 1, type: 'model.start', data: { stageId: 'reply', chars: 2 } },
      { traceId: 'run-1', flowId: log.flowId, seq: 2, type: 'model.end', data: undefined },
    ]);
    for (const record of records) expect(new Date(record.at).toISOString()).toBe(record.at);
    expect(log.traceId).toBe('run-1');
    expect(log.parentFlowId).toBeUndefined();
  });

  it('records a child flow start with its parent flow id and name', async () => {
    const directory = await temporaryDirectory();
    const store = storeIn(directory);
    const root = store.open('run-1');
    const child = root.child('tool');
    const grandchild = child.child();
    grandchild.record('tool.end', { ok: true });
    await store.flush();
    expect(child.parentFlowId).toBe(root.flowId);
    expect(grandchild.parentFlowId).toBe(child.flowId);
    expect(new Set([root.flowId, child.flowId, grandchild.flowId]).size).toBe(3);
    const records = await fileRecords(directory, 'run-1');
    expect(records.map(({ flowId, type, data }) => ({ flowId, type, data }))).toEqual([
      { flowId: root.flowId, type: 'flow.start', data: undefined },
      { flowId: child.flowId, type: 'flow.start', data: { parentFlowId: root.flowId, name: 'tool' } },
      { flowId: grandchild.flowId, type: 'flow.start', data: { parentFlowId: child.flowId } },
      { flowId: grandchild.flowId, type: 'tool.end', data: { ok: true } },
    ]);
  });

  it('keeps every line whole, seq strictly increasing and each flow in order when many flows and traces write at once', async () => {
    const directory = await temporaryDirectory();
    const store = storeIn(directory);
    const traceIds = Array.from({ length: 8 }, (_, index) => `trace-${index}`);
    const perFlow = 40;
    const payload = 'x'.repeat(300);
    const writers = traceIds.flatMap((traceId) => {
      const root = store.open(traceId);
      return Array.from({ length: 12 }, async (_, flowIndex) => {
        const flow = flowIndex === 0 ? root : root.child(`flow-${flowIndex}`);
        for (let index = 0; index < perFlow; index += 1) {
          flow.record('step', { flow: flowIndex, index, payload });
          if ((index + flowIndex) % 7 === 0) await yieldToEventLoop();
        }
        return flow.flowId;
      });
    });
    await Promise.all(writers);
    await store.flush();
    for (const traceId of traceIds) {
      const lines = await fileLines(directory, traceId);
      const records = lines.map((line) => JSON.parse(line) as LogRecord);
      expect(records).toHaveLength(1 + 11 + 12 * perFlow);
      records.forEach((record, index) => {
        expect(record.traceId).toBe(traceId);
        expect(record.seq).toBe(index);
      });
      const steps = records.filter((record) => record.type === 'step');
      for (let flowIndex = 0; flowIndex < 12; flowIndex += 1) {
        const ofFlow = steps.filter((record) => record.data?.flow === flowIndex);
        expect(ofFlow.map((record) => record.data?.index)).toEqual(Array.from({ length: perFlow }, (_, index) => index));
        expect(new Set(ofFlow.map((record) => record.flowId)).size).toBe(1);
      }
    }
  });

  it('continues the sequence when a store reopens an existing trace', async () => {
    const directory = await temporaryDirectory();
    const first = storeIn(directory);
    const log = first.open('run-1');
    log.record('a');
    log.record('b');
    await first.close();
    const second = storeIn(directory);
    second.open('run-1').record('c');
    await second.flush();
    expect((await fileRecords(directory, 'run-1')).map((record) => [record.seq, record.type])).toEqual([
      [0, 'flow.start'],
      [1, 'a'],
      [2, 'b'],
      [3, 'flow.start'],
      [4, 'c'],
    ]);
  });

  it('starts a new line after a torn tail, so the fragment never glues onto a record', async () => {
    const directory = await temporaryDirectory();
    const valid = '{"traceId":"run-1","flowId":"f","seq":7,"at":"2024-01-01T00:00:00.000Z","type":"a"}';
    await writeFile(join(directory, 'run-1.jsonl'), `${valid}\n{"traceId":"run-1","flo`);
    const store = storeIn(directory);
    store.open('run-1').record('b');
    await store.flush();
    const lines = await fileLines(directory, 'run-1');
    // Ended with the torn-line mark, so readers tell it from a line edited by hand.
    expect(lines[1]).toBe('{"traceId":"run-1","flo\u001e');
    expect(lines.slice(2).map((line) => (JSON.parse(line) as LogRecord).seq)).toEqual([8, 9]);
  });

  it('continues past a last record that lost only its newline', async () => {
    const directory = await temporaryDirectory();
    const valid = '{"traceId":"run-1","flowId":"f","seq":3,"at":"2024-01-01T00:00:00.000Z","type":"a"}';
    await writeFile(join(directory, 'run-1.jsonl'), valid);
    const store = storeIn(directory);
    store.open('run-1');
    await store.flush();
    expect((await fileRecords(directory, 'run-1')).map((record) => record.seq)).toEqual([3, 4]);
  });

  it('recovers the sequence from behind a corrupt tail longer than one read chunk', async () => {
    const directory = await temporaryDirectory();
    const valid = '{"traceId":"run-1","flowId":"f","seq":41,"at":"2024-01-01T00:00:00.000Z","type":"a"}';
    await writeFile(join(directory, 'run-1.jsonl'), `${valid}\n${'#'.repeat(200_000)}\n${'{'.repeat(70_000)}`);
    const store = storeIn(directory);
    store.open('run-1');
    await store.flush();
    const lines = await fileLines(directory, 'run-1');
    expect((JSON.parse(lines.at(-1)!) as LogRecord).seq).toBe(42);
  });

  it('rejects an empty or over-long type, non-JSON data and oversized records synchronously', async () => {
    const directory = await temporaryDirectory();
    const store = storeIn(directory, { maxRecordBytes: 1024 });
    const log = store.open('run-1');
    const refusal = (type: unknown, data?: unknown): AgentCoreError =>
      thrown(() => {
        log.record(type as string, data as never);
      });
    expect(refusal('')).toMatchObject({ message: 'record: type must not be empty', details: { field: 'type', rule: 'length', limit: 1 } });
    expect(refusal('t'.repeat(129)).details).toMatchObject({ field: 'type', rule: 'length', limit: 128, actual: 129 });
    expect(refusal(42)).toMatchObject({ code: 'INPUT_INVALID', details: { field: 'type', rule: 'type' } });
    expect(refusal('a', { when: new Date() }).details).toMatchObject({ field: 'data.when', path: '/when', rule: 'plain' });
    expect(refusal('a', [1]).code).toBe('INPUT_INVALID');
    const oversized = refusal('a', { text: 'x'.repeat(1000) });
    expect(oversized.code).toBe('INPUT_INVALID');
    expect(oversized.details).toMatchObject({ field: 'data', rule: 'size', limit: 1024 });
    expect(oversized.message).toContain('maxRecordBytes 1024');
    expect(thrown(() => log.child('')).details).toMatchObject({ field: 'name' });
    await store.flush();
    expect(await fileLines(directory, 'run-1')).toHaveLength(1);
  });

  it('refuses records past maxQueuedBytes with LOG_FAILED, and accepts them again once flushed', async () => {
    const directory = await temporaryDirectory();
    const store = storeIn(directory, { maxRecordBytes: 1024, maxQueuedBytes: 4096 });
    const log = store.open('run-1');
    let accepted = 0;
    let refusal: AgentCoreError | undefined;
    while (refusal === undefined) {
      try {
        log.record('a', { text: 'x'.repeat(500) });
        accepted += 1;
      } catch (error) {
        refusal = error as AgentCoreError;
      }
    }
    expect(refusal.code).toBe('LOG_FAILED');
    expect(refusal.details).toMatchObject({ field: 'maxQueuedBytes', limit: 4096 });
    await store.flush();
    log.record('a', { text: 'after' });
    await store.flush();
    expect(await fileLines(directory, 'run-1')).toHaveLength(accepted + 2);
  });

  it('flushes on close, refuses writes afterwards with LOG_FAILED, and closes only once', async () => {
    const directory = await temporaryDirectory();
    const store = storeIn(directory);
    const log = store.open('run-1');
    log.record('a');
    const closing = store.close();
    expect(store.close()).toBe(closing);
    const afterClose = thrown(() => {
      log.record('b');
    });
    expect(afterClose.code).toBe('LOG_FAILED');
    expect(afterClose.details).toMatchObject({ operation: 'record' });
    expect(thrown(() => log.child('c')).code).toBe('LOG_FAILED');
    expect(thrown(() => store.open('run-2')).message).toContain('closed');
    await closing;
    expect(await fileLines(directory, 'run-1')).toHaveLength(2);
    const signal = new AbortController().signal;
    expect((await rejected(() => store.reader.read({ traceId: 'run-1', limit: 1, signal }))).code).toBe('LOG_FAILED');
    expect((await rejected(() => store.prune({ maxTotalBytes: 0 }))).code).toBe('LOG_FAILED');
    await expect(store.flush()).resolves.toBeUndefined();
  });

  it('refuses a second open store on the same directory until the first is closed', async () => {
    const directory = await temporaryDirectory();
    const first = storeIn(directory);
    const error = thrown(() => createFileLogStore({ directory: join(directory, '.', '') }));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.details.field).toBe('directory');
    await first.close();
    expect(() => storeIn(directory)).not.toThrow();
  });

  it('sees through a symbolic link to a directory an open store holds', async () => {
    const directory = await temporaryDirectory();
    const link = `${directory}-link`;
    await symlink(directory, link);
    try {
      storeIn(directory);
      const error = thrown(() => createFileLogStore({ directory: link }));
      expect(error).toMatchObject({ code: 'CONFIG_INVALID', details: { field: 'directory' } });
    } finally {
      await rm(link, { force: true });
    }
  });

  it('refuses a directory that is a file, or under one, at once', async () => {
    const directory = await temporaryDirectory();
    const file = join(directory, 'not-a-directory');
    await writeFile(file, 'x');
    for (const path of [file, join(file, 'logs')]) {
      expect(thrown(() => createFileLogStore({ directory: path }))).toMatchObject({ code: 'CONFIG_INVALID', details: { field: 'directory' } });
    }
  });

  it('rejects invalid options with CONFIG_INVALID naming the option', async () => {
    const directory = await temporaryDirectory();
    const cases: [unknown, string][] = [
      [undefined, 'options'],
      [{ directory: '' }, 'directory'],
      [{ directory: 'a\0b' }, 'directory'],
      [{ directory, maxRecordBytes: 100 }, 'maxRecordBytes'],
      [{ directory, maxRecordBytes: 2 * 1024 * 1024 }, 'maxRecordBytes'],
      [{ directory, maxRecordBytes: 1.5 }, 'maxRecordBytes'],
      [{ directory, maxQueuedBytes: 1000 }, 'maxQueuedBytes'],
      [{ directory, maxScanBytesPerPage: 0 }, 'maxScanBytesPerPage'],
      [{ directory, onError: 'log' }, 'onError'],
      [{ directory, maxRecordByte: 1024 }, 'maxRecordByte'],
    ];
    for (const [options, field] of cases) {
      const error = thrown(() => createFileLogStore(options as FileLogStoreOptions));
      expect(error.code).toBe('CONFIG_INVALID');
      expect(error.details.field).toBe(field);
    }
  });

  it('names the limits of an integer option and the value given', async () => {
    const directory = await temporaryDirectory();
    const error = thrown(() => createFileLogStore({ directory, maxRecordBytes: 100 }));
    expect(error).toMatchObject({
      message: 'createFileLogStore options: maxRecordBytes must be an integer from 256 to 1048576 (got 100)',
      details: { field: 'maxRecordBytes', rule: 'range', limit: 256, actual: 100 },
    });
    expect(thrown(() => createFileLogStore({ directory, maxRecordBytes: 2 * 1024 * 1024 })).details).toMatchObject({ limit: 1024 * 1024 });
    expect(thrown(() => createFileLogStore({ directory, maxRecordBytes: 2048, maxQueuedBytes: 1024 })).details).toMatchObject({ field: 'maxQueuedBytes', limit: 2048, actual: 1024 });
    expect(thrown(() => createFileLogStore({ directory, maxQueuedBytes: Number.NaN })).details).toMatchObject({ field: 'maxQueuedBytes', actual: 'NaN' });
  });

  it.each(['..', '.', '../escape', 'a/b', 'a\\b', '/etc/passwd', 'C:\\x', 'a:b', 'a\0b', 'a\tb', '', 'x'.repeat(121), 'CON'])(
    'rejects the trace id %j with INPUT_INVALID',
    async (traceId) => {
      const store = storeIn(await temporaryDirectory());
      const error = thrown(() => store.open(traceId));
      expect(error.code).toBe('INPUT_INVALID');
      expect(error.details.field).toBe('traceId');
    },
  );

  it('reports failed appends once through flush and onError, and keeps accepting records', async () => {
    const parent = await temporaryDirectory();
    const directory = join(parent, 'not-a-directory');
    const reported: AgentCoreError[] = [];
    const store = storeIn(directory, { onError: (error) => reported.push(error) });
    // A file appears where the directory should be (created after the store: it refuses one at once).
    await writeFile(directory, 'a file where the directory should be');
    const log = store.open('run-1');
    log.record('a');
    const failure = await rejected(() => store.flush());
    expect(failure.code).toBe('LOG_FAILED');
    expect(failure.details).toMatchObject({ failures: 1, lostRecords: 2, traceIds: ['run-1'] });
    expect(reported).toHaveLength(1);
    expect(reported[0]?.details).toMatchObject({ traceId: 'run-1', lostRecords: 2 });
    await expect(store.flush()).resolves.toBeUndefined();
    await rm(directory);
    log.record('b');
    await store.flush();
    expect((await fileRecords(directory, 'run-1')).map((record) => [record.seq, record.type])).toEqual([[0, 'b']]);
  });

  it('keeps reporting through flush when onError itself throws', async () => {
    const parent = await temporaryDirectory();
    const directory = join(parent, 'blocked');
    const store = storeIn(directory, {
      onError: () => {
        throw new Error('the App callback failed');
      },
    });
    await writeFile(directory, '');
    store.open('run-1');
    expect((await rejected(() => store.close())).code).toBe('LOG_FAILED');
  });
});
