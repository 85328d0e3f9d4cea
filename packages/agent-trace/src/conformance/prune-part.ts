import type { LogPruneOptions } from '../log-prune-options.js';
import type { TraceStore } from '../trace-store.js';
import { check, checkEqual, checkRefused } from './conformance-assert.js';
import { listAllTraces, quietSignal, readAllPages, seqs, upTo, waitUntil, writeTrace, type ConformancePart } from './conformance-context.js';

/** Between two writes the tests that judge age keep this far apart, so any store's clock tells them apart. */
const APART_MS = 2_000;

/** When the store says `traceId` was last written, in ms since the epoch. */
async function updatedAt(store: TraceStore, traceId: string): Promise<number> {
  const trace = (await listAllTraces(store.reader, 1000)).find((item) => item.traceId === traceId);
  check(trace !== undefined, `${traceId} is listed`);
  return Date.parse(trace.updatedAt);
}

/** Writes `older`, then, once the clock is {@link APART_MS} past its last write, `newer`; their write times. */
async function writeApart(store: TraceStore, older: string, newer: string): Promise<{ older: number; newer: number }> {
  await writeTrace(store, older, 3);
  const olderAt = await updatedAt(store, older);
  await waitUntil(() => Date.now() > olderAt + APART_MS);
  await writeTrace(store, newer, 3);
  return { older: olderAt, newer: await updatedAt(store, newer) };
}

/** Retention: by age, by total size (least recently written first), never a record waiting to be written. */
export const prunePart: ConformancePart = (test) => {
  test('deletes every idle trace with maxTotalBytes 0; a deleted trace reads as missing and starts again at seq 0', async ({ store }) => {
    await writeTrace(store, 'p-1', 4);
    await writeTrace(store, 'p-2', 4);
    const result = await store.prune({ maxTotalBytes: 0 });
    checkEqual([[...result.deleted].sort(), result.skipped, result.remainingBytes], [['p-1', 'p-2'], [], 0], 'both traces deleted, nothing left');
    check(result.deletedBytes > 0, 'the bytes freed are counted', result);
    checkEqual(await listAllTraces(store.reader, 10), [], 'nothing listed');
    const missing = await store.reader.read({ traceId: 'p-1', limit: 10, signal: quietSignal() });
    checkEqual([missing.records, missing.complete, missing.gaps.length], [[], false, 1], 'a deleted trace reads as one the store holds no record of');
    await writeTrace(store, 'p-1', 2);
    checkEqual(seqs((await readAllPages(store.reader, 'p-1', 10)).records), upTo(3), 'written again, it starts at seq 0');
  });

  test('deletes only the traces last written longer ago than olderThanMs', async ({ store }) => {
    const at = await writeApart(store, 'old', 'new');
    const before = Date.now();
    const olderThanMs = before - at.older - APART_MS / 2;
    const result = await store.prune({ olderThanMs });
    const after = Date.now();
    check(result.deleted.includes('old'), 'the old trace is deleted', result);
    // The store judges age by its own clock at some moment between `before` and `after`: unless
    // that took longer than the traces are apart, the new trace was not old enough.
    if (at.newer >= after - olderThanMs) {
      checkEqual(result.deleted, ['old'], 'only the old trace is deleted');
      checkEqual((await listAllTraces(store.reader, 10)).map((trace) => trace.traceId), ['new'], 'the new trace is kept');
    }
    const none = await store.prune({ olderThanMs: 24 * 60 * 60 * 1000 });
    checkEqual(none.deleted, [], 'nothing is a day old');
  });

  test('deletes the least recently written first to meet maxTotalBytes', async ({ store }) => {
    await writeApart(store, 'first-written', 'last-written');
    const untouched = await store.prune({ maxTotalBytes: Number.MAX_SAFE_INTEGER });
    checkEqual([untouched.deleted, untouched.deletedBytes], [[], 0], 'nothing is over a huge limit');
    const total = untouched.remainingBytes;
    check(total > 0, 'the traces have a size', untouched);
    const result = await store.prune({ maxTotalBytes: total - 1 });
    checkEqual(result.deleted, ['first-written'], 'the least recently written goes first, and is enough');
    checkEqual(result.remainingBytes, total - result.deletedBytes, 'remainingBytes is what is left');
    checkEqual((await listAllTraces(store.reader, 10)).map((trace) => trace.traceId), ['last-written'], 'the other trace is kept');
  });

  test('never deletes records recorded before the call and not yet written', async ({ store }) => {
    await writeTrace(store, 'idle', 2);
    const busy = store.open('busy');
    for (let index = 0; index < 50; index += 1) busy.record('step', { index, text: 'x'.repeat(200) });
    const result = await store.prune({ maxTotalBytes: 0 });
    check(!result.deleted.includes('busy'), 'a trace with records waiting is not deleted', result);
    await store.flush();
    checkEqual(seqs((await readAllPages(store.reader, 'busy', 100)).records), upTo(51), 'every record of the busy trace is there');
  });

  test('refuses malformed prune options with INPUT_INVALID naming the field', async ({ store }) => {
    const cases: [unknown, string][] = [
      [undefined, 'options'],
      [{}, 'options'],
      [{ olderThanMs: -1 }, 'olderThanMs'],
      [{ maxTotalBytes: 1.5 }, 'maxTotalBytes'],
      [{ olderthanMs: 5, maxTotalBytes: 10 }, 'olderthanMs'],
    ];
    for (const [options, field] of cases) {
      await checkRefused(() => store.prune(options as LogPruneOptions), { code: 'INPUT_INVALID', field }, `the options ${JSON.stringify(options)}`);
    }
  });
};
