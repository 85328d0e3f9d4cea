import { readFileSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LogRecord } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { createLockOwner } from './lock-owner.js';
import { createPendingRecord, createRecordHead } from './pending-record.js';
import { TraceWriterPool } from './trace-writer-pool.js';
import { useTemporaryLogStores } from './testing/use-temporary-log-stores.js';

const { temporaryDirectory, storeIn } = useTemporaryLogStores('agent-log-exit-hook-');

const head = createRecordHead('run-1', 'f');
const record = (type: string) => createPendingRecord(head, '2024-01-01T00:00:00.000Z', type, undefined);

describe('the exit hook of the file log store', () => {
  it('is registered only while records are queued or being written', async () => {
    const store = storeIn(await temporaryDirectory());
    const before = process.listenerCount('exit');
    const log = store.open('run-1');
    log.record('a');
    expect(process.listenerCount('exit')).toBe(before + 1);
    await store.flush();
    expect(process.listenerCount('exit')).toBe(before);
    log.record('b');
    expect(process.listenerCount('exit')).toBe(before + 1);
    await store.close();
    expect(process.listenerCount('exit')).toBe(before);
  });

  it('writes the batch waiting for the lock and the records queued behind it, in order', async () => {
    const directory = await temporaryDirectory();
    const lock = join(directory, 'run-1.jsonl.lock');
    await writeFile(lock, JSON.stringify({ pid: process.pid, host: createLockOwner().host, token: 'another-store' }));
    const failures: unknown[] = [];
    const pool = new TraceWriterPool(directory, (error) => failures.push(error));
    pool.enqueue('run-1', record('in-flight'));
    // The drain takes its batch and waits for the lock; what comes next waits in the queue.
    await new Promise((resolve) => setTimeout(resolve, 20));
    pool.enqueue('run-1', record('queued'));
    await unlink(lock);
    pool.writeQueuedSync();
    const lines = readFileSync(join(directory, 'run-1.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((line) => [(JSON.parse(line) as LogRecord).seq, (JSON.parse(line) as LogRecord).type])).toEqual([
      [0, 'in-flight'],
      [1, 'queued'],
    ]);
    expect(failures).toEqual([]);
    // In a real exit the drain never resumes; here it does, and writes its batch a second time.
    await pool.settled();
  });
});
