import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, symlink, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { AgentCoreError, LogRecord } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { rejected } from './testing/agent-core-rejection.js';
import { createLockOwner } from './lock-owner.js';
import { runFileOperations } from './run-file-operations.js';
import { acquireTraceLock, releaseTraceLock, STALE_LOCK_MS } from './trace-lock.js';
import { useTemporaryLogStores } from './testing/use-temporary-log-stores.js';

const { temporaryDirectory, storeIn } = useTemporaryLogStores('agent-log-lock-');

/** The host field this process writes into its locks. */
const host = createLockOwner().host;

async function records(directory: string, traceId: string): Promise<LogRecord[]> {
  const text = await readFile(join(directory, `${traceId}.jsonl`), 'utf8');
  return text.trim().split('\n').map((line) => JSON.parse(line) as LogRecord);
}

function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (pid === undefined) throw new Error('could not start a process');
  return pid;
}

describe('the trace lock', () => {
  it('is taken per batch and gone afterwards', async () => {
    const directory = await temporaryDirectory();
    const store = storeIn(directory);
    store.open('run-1').record('a');
    await store.flush();
    expect(await readdir(directory)).toEqual(['run-1.jsonl']);
  });

  it('keeps a live holder\'s lock and appends once it is released', async () => {
    const directory = await temporaryDirectory();
    const lock = join(directory, 'run-1.jsonl.lock');
    // This process is alive: a lock of another store in it (another token) stands.
    await writeFile(lock, JSON.stringify({ pid: process.pid, host, token: 'another-store' }));
    const store = storeIn(directory);
    store.open('run-1').record('a');
    const flushed = store.flush();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(join(directory, 'run-1.jsonl'))).toBe(false);
    await unlink(lock);
    await flushed;
    expect((await records(directory, 'run-1')).map((record) => record.type)).toEqual(['flow.start', 'a']);
  });

  it('breaks a lock whose holder died, one older than the stale age, and an empty old one', async () => {
    const directory = await temporaryDirectory();
    await writeFile(join(directory, 'dead.jsonl.lock'), JSON.stringify({ pid: deadPid(), host, token: 'crashed' }));
    await writeFile(join(directory, 'old.jsonl.lock'), JSON.stringify({ pid: process.pid, host, token: 'hung' }));
    await writeFile(join(directory, 'empty.jsonl.lock'), '');
    await writeFile(join(directory, 'elsewhere.jsonl.lock'), JSON.stringify({ pid: process.pid, host: `not-${hostname()}`, token: 'far' }));
    const past = new Date(Date.now() - STALE_LOCK_MS - 60_000);
    for (const name of ['old', 'empty', 'elsewhere']) await utimes(join(directory, `${name}.jsonl.lock`), past, past);
    const store = storeIn(directory);
    for (const traceId of ['dead', 'old', 'empty', 'elsewhere']) store.open(traceId).record('a');
    await store.flush();
    expect((await readdir(directory)).sort()).toEqual(['dead.jsonl', 'elsewhere.jsonl', 'empty.jsonl', 'old.jsonl']);
  });

  it('breaks a leftover lock of its own owner at once', async () => {
    const directory = await temporaryDirectory();
    const owner = createLockOwner();
    const path = join(directory, 'run-1.jsonl.lock');
    await writeFile(path, JSON.stringify(owner));
    const held = await runFileOperations(acquireTraceLock({ path, traceId: 'run-1', owner }));
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(owner);
    releaseTraceLock(held);
    expect(await readdir(directory)).toEqual([]);
  });

  it('gives up after its wait limit while a live holder keeps the lock', async () => {
    const directory = await temporaryDirectory();
    const path = join(directory, 'run-1.jsonl.lock');
    await writeFile(path, JSON.stringify({ pid: process.pid, host, token: 'another-store' }));
    const error = await rejected(() => runFileOperations(acquireTraceLock({ path, traceId: 'run-1', owner: createLockOwner(), waitLimitMs: 20 })));
    expect(error).toMatchObject({ code: 'LOG_FAILED', details: { traceId: 'run-1', limit: 20 } });
  });

  it('refuses a symbolic link at the lock path, naming the trace', async () => {
    const directory = await temporaryDirectory();
    const outside = await temporaryDirectory();
    await symlink(join(outside, 'x'), join(directory, 'run-1.jsonl.lock'));
    const reported: AgentCoreError[] = [];
    const store = storeIn(directory, { onError: (error) => reported.push(error) });
    store.open('run-1');
    await rejected(() => store.flush());
    expect(reported[0]).toMatchObject({ code: 'LOG_FAILED', details: { traceId: 'run-1', lostRecords: 1 } });
    expect(await readdir(outside)).toEqual([]);
  });
});
