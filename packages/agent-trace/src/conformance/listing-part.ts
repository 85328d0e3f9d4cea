import type { TraceListRequest } from '../trace-list-request.js';
import { check, checkEqual, checkRefused } from './conformance-assert.js';
import { listAllTraces, quietSignal, writeTrace, type ConformancePart } from './conformance-context.js';

/** Listing: every trace once, in order, page by page; its cursors. */
export const listingPart: ConformancePart = (test) => {
  test('lists every trace once, in order of trace id, page by page (none in an empty store)', async ({ store }) => {
    checkEqual(await store.reader.list({ limit: 10, signal: quietSignal() }), { traces: [] }, 'an empty store lists nothing');
    const traceIds = ['b-2', 'A-1', 'a-1', 'c.3', 'B_0', '0-first', 'z'];
    for (const traceId of traceIds) await writeTrace(store, traceId, 2);
    for (const limit of [1, 2, 3, 7, 8]) {
      const traces = await listAllTraces(store.reader, limit);
      checkEqual(traces.map((trace) => trace.traceId), [...traceIds].sort(), `pages of ${limit}: every trace once, by trace id`);
      for (const trace of traces) check(new Date(trace.updatedAt).toISOString() === trace.updatedAt, 'updatedAt is an ISO 8601 UTC time', trace);
    }
    const last = await store.reader.list({ limit: 7, signal: quietSignal() });
    checkEqual(last.cursor, undefined, 'no cursor when the page holds the last trace');
  });

  test('lists a trace recorded before the call, without a flush', async ({ store }) => {
    store.open('unflushed').record('a');
    const { traces } = await store.reader.list({ limit: 10, signal: quietSignal() });
    checkEqual(traces.map((trace) => trace.traceId), ['unflushed'], 'the trace is listed');
  });

  test('continues a list cursor after traces created meanwhile', async ({ store }) => {
    await writeTrace(store, 'm-1', 1);
    await writeTrace(store, 'm-2', 1);
    const first = await store.reader.list({ limit: 1, signal: quietSignal() });
    check(first.cursor !== undefined, 'a page with more after it has a cursor');
    await writeTrace(store, 'a-early', 1);
    await writeTrace(store, 'z-late', 1);
    const rest = [];
    let cursor: string | undefined = first.cursor;
    while (cursor !== undefined) {
      const page = await store.reader.list({ limit: 1, signal: quietSignal(), cursor });
      rest.push(...page.traces.map((trace) => trace.traceId));
      cursor = page.cursor;
    }
    checkEqual([...first.traces.map((trace) => trace.traceId), ...rest], ['m-1', 'm-2', 'z-late'], 'the traces after the cursor, the new ones among them');
  });

  test('refuses an altered list cursor, one of another store, and a malformed request', async ({ store, another }) => {
    const other = (await another()).store;
    for (const target of [store, other]) {
      await writeTrace(target, 'l-1', 1);
      await writeTrace(target, 'l-2', 1);
    }
    const { cursor } = await store.reader.list({ limit: 1, signal: quietSignal() });
    check(cursor !== undefined, 'a page with more after it has a cursor');
    const altered = `${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [altered, 'garbage']) {
      await checkRefused(() => store.reader.list({ limit: 1, signal: quietSignal(), cursor: bad }), { code: 'INPUT_INVALID', field: 'cursor' }, `the list cursor ${JSON.stringify(bad)}`);
    }
    await checkRefused(() => other.reader.list({ limit: 1, signal: quietSignal(), cursor }), { code: 'INPUT_INVALID', field: 'cursor' }, 'a list cursor of another store');
    const signal = quietSignal();
    const cases: [unknown, string][] = [
      [undefined, 'request'],
      [{ limit: 0, signal }, 'limit'],
      [{ limit: 1001, signal }, 'limit'],
      [{ limit: 1.5, signal }, 'limit'],
      [{ limit: 1 }, 'signal'],
      [{ limit: 1, signal, cursor: 7 }, 'cursor'],
      [{ limit: 1, signal, after: 'x' }, 'after'],
    ];
    for (const [request, field] of cases) {
      await checkRefused(() => store.reader.list(request as TraceListRequest), { code: 'INPUT_INVALID', field }, `the list request ${JSON.stringify(request)}`);
    }
  });
};
