import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rejected } from './testing/agent-core-rejection.js';
import type { FileLogStore } from './file-log-store.js';
import { useTemporaryLogStores } from './testing/use-temporary-log-stores.js';

const { temporaryStore } = useTemporaryLogStores('agent-log-prune-');
const HOUR = 60 * 60 * 1000;

/** Writes `count` records to each trace, then dates trace i `ages[i]` hours back. */
async function tracesAged(store: FileLogStore, ages: readonly number[], count = 3): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  ages.forEach((_age, index) => {
    const log = store.open(`trace-${index}`);
    for (let record = 0; record < count * (index + 1); record += 1) log.record('step', { record });
  });
  await store.flush();
  const now = Date.now();
  for (const [index, age] of ages.entries()) {
    const file = join(store.directory, `trace-${index}.jsonl`);
    const when = new Date(now - age * HOUR);
    await utimes(file, when, when);
    sizes.set(`trace-${index}`, (await stat(file)).size);
  }
  return sizes;
}

describe('FileLogStore.prune', () => {
  it('deletes traces last written longer ago than olderThanMs, oldest first', async () => {
    const store = await temporaryStore();
    const sizes = await tracesAged(store, [5, 0, 48]);
    const result = await store.prune({ olderThanMs: 2 * HOUR });
    expect(result).toEqual({
      deleted: ['trace-2', 'trace-0'],
      skipped: [],
      deletedBytes: sizes.get('trace-2')! + sizes.get('trace-0')!,
      remainingBytes: sizes.get('trace-1'),
    });
    expect(await readdir(store.directory)).toEqual(['trace-1.jsonl']);
  });

  it('deletes the oldest traces until the total is at most maxTotalBytes', async () => {
    const store = await temporaryStore();
    const sizes = await tracesAged(store, [4, 3, 2, 1]);
    const keep = sizes.get('trace-2')! + sizes.get('trace-3')!;
    const result = await store.prune({ maxTotalBytes: keep });
    expect(result.deleted).toEqual(['trace-0', 'trace-1']);
    expect(result.remainingBytes).toBe(keep);
    expect((await readdir(store.directory)).sort()).toEqual(['trace-2.jsonl', 'trace-3.jsonl']);
    expect((await store.prune({ maxTotalBytes: keep })).deleted).toEqual([]);
  });

  it('applies both rules together', async () => {
    const store = await temporaryStore();
    const sizes = await tracesAged(store, [10, 3, 2, 1]);
    const result = await store.prune({ olderThanMs: 5 * HOUR, maxTotalBytes: sizes.get('trace-3')! + sizes.get('trace-2')! });
    expect(result.deleted).toEqual(['trace-0', 'trace-1']);
  });

  it.each([
    ['olderThanMs', { olderThanMs: 60_000 }],
    ['maxTotalBytes', { maxTotalBytes: 0 }],
  ])('keeps an old trace whose records were queued when prune was asked for (%s), and reports it skipped', async (_rule, rules) => {
    const store = await temporaryStore();
    const sizes = await tracesAged(store, [2]);
    const log = store.open('trace-0');
    for (let index = 0; index < 500; index += 1) log.record('fresh', { index });
    const result = await store.prune(rules);
    await store.flush();
    const text = await readFile(join(store.directory, 'trace-0.jsonl'), 'utf8');
    // Listing the files races with writing the queued records. Under olderThanMs: listed before
    // they were written, the old file is a candidate and is kept as skipped; listed after, it is
    // fresh and no candidate at all. Under maxTotalBytes it is always a candidate kept as skipped,
    // and its size counts as it was when listed: anywhere from the old size to the final one.
    // Either way nothing is lost.
    const oldSize = sizes.get('trace-0') ?? 0;
    const finalSize = Buffer.byteLength(text);
    if ('maxTotalBytes' in rules) {
      expect(result).toMatchObject({ deleted: [], skipped: ['trace-0'], deletedBytes: 0 });
      expect(result.remainingBytes).toBeGreaterThanOrEqual(oldSize);
      expect(result.remainingBytes).toBeLessThanOrEqual(finalSize);
    } else if (result.skipped.length > 0) {
      expect(result).toEqual({ deleted: [], skipped: ['trace-0'], deletedBytes: 0, remainingBytes: oldSize });
    } else {
      expect(result).toMatchObject({ deleted: [], skipped: [], deletedBytes: 0 });
      expect(result.remainingBytes).toBeGreaterThan(oldSize);
      expect(result.remainingBytes).toBeLessThanOrEqual(finalSize);
    }
    const lines = text.split('\n').filter(Boolean);
    expect(lines.filter((line) => line.includes('"type":"fresh"'))).toHaveLength(500);
  });

  it('neither counts nor touches files that are not trace files', async () => {
    const store = await temporaryStore();
    await tracesAged(store, [10]);
    await writeFile(join(store.directory, 'notes.txt'), 'keep me');
    await writeFile(join(store.directory, 'Upper.jsonl'), 'not a name the store writes');
    await mkdir(join(store.directory, 'folder.jsonl'));
    const result = await store.prune({ maxTotalBytes: 0 });
    expect(result.deleted).toEqual(['trace-0']);
    expect(result.remainingBytes).toBe(0);
    expect((await readdir(store.directory)).sort()).toEqual(['Upper.jsonl', 'folder.jsonl', 'notes.txt']);
  });

  it('finds nothing to prune when the directory does not exist yet', async () => {
    const store = await temporaryStore();
    await rm(store.directory, { recursive: true });
    expect(await store.prune({ olderThanMs: 0 })).toEqual({ deleted: [], skipped: [], deletedBytes: 0, remainingBytes: 0 });
  });

  it('starts a pruned trace that is written again in a new file at seq 0', async () => {
    const store = await temporaryStore();
    const log = store.open('run-1');
    log.record('before');
    await store.flush();
    expect((await store.prune({ maxTotalBytes: 0 })).deleted).toEqual(['run-1']);
    log.record('after');
    const page = await store.reader.read({ traceId: 'run-1', limit: 10, signal: new AbortController().signal });
    expect(page.records.map((record) => [record.seq, record.type])).toEqual([[0, 'after']]);
  });

  it('names the range and the value of a bad rule', async () => {
    const store = await temporaryStore();
    await expect(store.prune({ olderThanMs: -1 })).rejects.toMatchObject({
      code: 'INPUT_INVALID',
      message: 'prune options: olderThanMs must be an integer from 0 to 9007199254740991 (got -1)',
      details: { field: 'olderThanMs', path: '/olderThanMs', rule: 'range', limit: 0, actual: -1 },
    });
  });

  it('rejects rules that are missing or not non-negative integers with INPUT_INVALID', async () => {
    const store = await temporaryStore();
    const cases: [unknown, string][] = [
      [null, 'options'],
      [{}, 'options'],
      [{ olderThanMs: -1 }, 'olderThanMs'],
      [{ maxTotalBytes: 1.5 }, 'maxTotalBytes'],
      [{ maxTotalBytes: '10' }, 'maxTotalBytes'],
    ];
    for (const [options, field] of cases) {
      const error = await rejected(() => store.prune(options as never));
      expect(error.code).toBe('INPUT_INVALID');
      expect(error.details.field).toBe(field);
    }
  });
});
