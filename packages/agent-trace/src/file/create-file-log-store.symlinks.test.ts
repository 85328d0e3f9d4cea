import { execFileSync } from 'node:child_process';
import { link, mkdir, readdir, readFile, realpath, rename, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentCoreError } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { rejected } from './testing/agent-core-rejection.js';
import { useTemporaryLogStores } from './testing/use-temporary-log-stores.js';

const { temporaryDirectory, storeIn } = useTemporaryLogStores('agent-log-symlinks-');
const signal = new AbortController().signal;

/** A store directory and, beside it, a directory the store must never write into or read from. */
async function storeAndOutside(): Promise<{ directory: string; outside: string }> {
  const parent = await temporaryDirectory();
  const directory = join(parent, 'logs');
  const outside = join(parent, 'outside');
  await mkdir(directory);
  await mkdir(outside);
  return { directory, outside };
}

const line = `${JSON.stringify({ traceId: 'run-1', flowId: 'f', seq: 0, at: '2024-01-01T00:00:00.000Z', type: 'secret' })}\n`;

function expectRefusal(error: AgentCoreError | undefined, traceId: string): void {
  expect(error?.code).toBe('LOG_FAILED');
  expect(error?.details.traceId).toBe(traceId);
}

describe('createFileLogStore and symbolic links', { timeout: 120_000 }, () => {
  it('refuses to append through a trace file that is a symbolic link, and leaves its target alone', async () => {
    // Before, the store appended to whatever the link named: here a file outside its directory.
    const { directory, outside } = await storeAndOutside();
    const target = join(outside, 'victim.txt');
    await writeFile(target, 'keep me\n');
    await symlink(target, join(directory, 'run-1.jsonl'));
    const reported: AgentCoreError[] = [];
    const store = storeIn(directory, { onError: (error) => reported.push(error) });
    store.open('run-1').record('a');
    const failure = await rejected(() => store.flush());
    expect(failure.details).toMatchObject({ lostRecords: 2, traceIds: ['run-1'] });
    expectRefusal(reported[0], 'run-1');
    expect(reported[0]?.message).toContain('symbolic link');
    expect(await readFile(target, 'utf8')).toBe('keep me\n');
  });

  it('refuses a dangling link instead of creating the file it names', async () => {
    const { directory, outside } = await storeAndOutside();
    await symlink(join(outside, 'created.jsonl'), join(directory, 'run-1.jsonl'));
    const store = storeIn(directory);
    store.open('run-1');
    expect((await rejected(() => store.flush())).details).toMatchObject({ lostRecords: 1, traceIds: ['run-1'] });
    expect(await readdir(outside)).toEqual([]);
  });

  it('refuses a hard link to a file elsewhere and a trace path that is a directory', async () => {
    const { directory, outside } = await storeAndOutside();
    const target = join(outside, 'victim.txt');
    await writeFile(target, 'keep me\n');
    await link(target, join(directory, 'linked.jsonl'));
    await mkdir(join(directory, 'folder.jsonl'));
    const reported: AgentCoreError[] = [];
    const store = storeIn(directory, { onError: (error) => reported.push(error) });
    store.open('linked');
    store.open('folder');
    await rejected(() => store.flush());
    expect(reported.map((error) => error.details.traceId).sort()).toEqual(['folder', 'linked']);
    expect(await readFile(target, 'utf8')).toBe('keep me\n');
  });

  it('refuses to append once its directory was replaced by a symbolic link', async () => {
    const { directory, outside } = await storeAndOutside();
    const reported: AgentCoreError[] = [];
    const store = storeIn(directory, { onError: (error) => reported.push(error) });
    await rename(directory, `${directory}-moved`);
    await symlink(outside, directory);
    store.open('run-1');
    await rejected(() => store.flush());
    expectRefusal(reported[0], 'run-1');
    expect(await readdir(outside)).toEqual([]);
  });

  it('resolves a directory given through a symbolic link once, when the store is created', async () => {
    const { directory } = await storeAndOutside();
    const alias = `${directory}-alias`;
    await symlink(directory, alias);
    const store = storeIn(alias);
    expect(store.directory).toBe(await realpath(directory));
    store.open('run-1');
    await store.flush();
    expect(await readdir(directory)).toEqual(['run-1.jsonl']);
  });

  it('refuses to read through a symbolic link, a hard link or a replaced directory', async () => {
    const { directory, outside } = await storeAndOutside();
    await writeFile(join(outside, 'run-1.jsonl'), line);
    await symlink(join(outside, 'run-1.jsonl'), join(directory, 'run-1.jsonl'));
    await link(join(outside, 'run-1.jsonl'), join(directory, 'linked.jsonl'));
    const store = storeIn(directory);
    expectRefusal(await rejected(() => store.reader.read({ traceId: 'run-1', limit: 10, signal })), 'run-1');
    expectRefusal(await rejected(() => store.reader.read({ traceId: 'linked', limit: 10, signal })), 'linked');
    await rename(directory, `${directory}-moved`);
    await symlink(outside, directory);
    expectRefusal(await rejected(() => store.reader.read({ traceId: 'run-1', limit: 10, signal })), 'run-1');
  });

  it.skipIf(process.platform === 'win32')('refuses to read a FIFO instead of waiting for a writer forever', async () => {
    const { directory } = await storeAndOutside();
    execFileSync('mkfifo', [join(directory, 'run-1.jsonl')]);
    const store = storeIn(directory);
    expectRefusal(await rejected(() => store.reader.read({ traceId: 'run-1', limit: 10, signal })), 'run-1');
  });

  it('refuses to prune once its directory was replaced by a symbolic link', async () => {
    // Before, prune listed and deleted the trace files of the directory the link led to.
    const { directory, outside } = await storeAndOutside();
    await writeFile(join(outside, 'victim.jsonl'), line);
    const store = storeIn(directory);
    await rename(directory, `${directory}-moved`);
    await symlink(outside, directory);
    expect((await rejected(() => store.prune({ maxTotalBytes: 0 }))).code).toBe('LOG_FAILED');
    expect(await readdir(outside)).toEqual(['victim.jsonl']);
  });

  it('neither counts nor deletes a symbolic link when pruning', async () => {
    // Before, prune followed the link: it counted the target's size and deleted the link.
    const { directory, outside } = await storeAndOutside();
    const target = join(outside, 'big.jsonl');
    await writeFile(target, 'x'.repeat(10_000));
    await symlink(target, join(directory, 'run-1.jsonl'));
    const store = storeIn(directory);
    expect(await store.prune({ maxTotalBytes: 0 })).toEqual({ deleted: [], skipped: [], deletedBytes: 0, remainingBytes: 0 });
    expect(await readdir(directory)).toEqual(['run-1.jsonl']);
    expect(await readFile(target, 'utf8')).toHaveLength(10_000);
  });
});
