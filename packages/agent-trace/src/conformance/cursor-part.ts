import { check, checkRefused } from './conformance-assert.js';
import { quietSignal, writeTrace, type ConformancePart } from './conformance-context.js';

/** Changes one character in the middle of `text`. */
function alter(text: string): string {
  const at = Math.floor(text.length / 2);
  return `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
}

/** Cursors: a cursor belongs to one trace of one store, as it is now. */
export const cursorPart: ConformancePart = (test) => {
  test('refuses an altered cursor and garbage with INPUT_INVALID (field cursor)', async ({ store }) => {
    await writeTrace(store, 'run-1', 5);
    const { cursor } = await store.reader.read({ traceId: 'run-1', limit: 2, signal: quietSignal() });
    check(cursor !== undefined, 'a page with more after it has a cursor');
    for (const bad of [alter(cursor), `${cursor}x`, cursor.slice(0, -1), 'v1.0.AAAAAAAAAAAAAAAA', 'garbage', '0', '{}']) {
      await checkRefused(() => store.reader.read({ traceId: 'run-1', limit: 2, signal: quietSignal(), cursor: bad }), { code: 'INPUT_INVALID', field: 'cursor' }, `the cursor ${JSON.stringify(bad)}`);
    }
  });

  test('refuses a cursor of another trace of the same store', async ({ store }) => {
    await writeTrace(store, 'first', 5);
    await writeTrace(store, 'second', 5);
    const { cursor } = await store.reader.read({ traceId: 'first', limit: 2, signal: quietSignal() });
    check(cursor !== undefined, 'a page with more after it has a cursor');
    await checkRefused(() => store.reader.read({ traceId: 'second', limit: 2, signal: quietSignal(), cursor }), { code: 'INPUT_INVALID', field: 'cursor' }, 'a cursor of trace first read on trace second');
  });

  test('refuses a cursor of another store holding a trace of the same id and records', async ({ store, another }) => {
    const other = (await another()).store;
    await writeTrace(store, 'shared-id', 5);
    await writeTrace(other, 'shared-id', 5);
    const { cursor } = await store.reader.read({ traceId: 'shared-id', limit: 2, signal: quietSignal() });
    check(cursor !== undefined, 'a page with more after it has a cursor');
    await checkRefused(() => other.reader.read({ traceId: 'shared-id', limit: 2, signal: quietSignal(), cursor }), { code: 'INPUT_INVALID', field: 'cursor' }, 'a cursor of one store read on another');
  });

  test('refuses a cursor of a trace deleted by prune and written again', async ({ store }) => {
    await writeTrace(store, 'reborn', 5);
    const { cursor } = await store.reader.read({ traceId: 'reborn', limit: 2, signal: quietSignal() });
    check(cursor !== undefined, 'a page with more after it has a cursor');
    const pruned = await store.prune({ maxTotalBytes: 0 });
    check(pruned.deleted.includes('reborn'), 'prune with maxTotalBytes 0 deletes the idle trace', pruned);
    await writeTrace(store, 'reborn', 5);
    await checkRefused(() => store.reader.read({ traceId: 'reborn', limit: 2, signal: quietSignal(), cursor }), { code: 'INPUT_INVALID', field: 'cursor' }, 'a cursor of the trace before it was deleted');
  });
};
