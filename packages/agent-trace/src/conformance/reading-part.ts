import type { LogReadRequest } from '@jangts/agent-types';
import { check, checkEqual, checkRefused } from './conformance-assert.js';
import { quietSignal, readAllPages, seqs, upTo, writeTrace, type ConformancePart } from './conformance-context.js';

/** Reading: read-your-writes, paging, type filters, keyset cursors, missing traces, isolation, requests, abort. */
export const readingPart: ConformancePart = (test) => {
  test('reads what was recorded before the call, without a flush (read-your-writes)', async ({ store }) => {
    const log = store.open('fresh');
    log.record('model.start', { stageId: 'reply' });
    const page = await store.reader.read({ traceId: 'fresh', limit: 10, signal: quietSignal() });
    checkEqual(page.records.map((record) => record.type), ['flow.start', 'model.start'], 'both records, in order');
    checkEqual([page.complete, page.gaps, page.cursor], [true, [], undefined], 'a complete last page');
  });

  test('pages through exactly the records of one big read, whatever the limit', async ({ store }) => {
    await writeTrace(store, 'paged', 120);
    const whole = await readAllPages(store.reader, 'paged', 10_000);
    checkEqual(seqs(whole.records), upTo(121), 'one read holds every record');
    for (const limit of [1, 2, 7, 50, 121, 122]) {
      const paged = await readAllPages(store.reader, 'paged', limit);
      checkEqual(paged.records, whole.records, `pages of ${limit} together are the big read`);
      check(paged.pages.at(-1)?.complete === true, `the last page of ${limit} is complete`);
    }
  });

  test('filters by record type across pages; an empty list reads every type', async ({ store }) => {
    await writeTrace(store, 'typed', 60);
    const { records } = await readAllPages(store.reader, 'typed', 4, ['type-1', 'type-2']);
    checkEqual(records.map((record) => record.data?.index), upTo(60).filter((index) => index % 3 !== 0), 'only the types asked for, in order');
    checkEqual((await readAllPages(store.reader, 'typed', 1000, [])).records.length, 61, 'an empty list reads every type');
    const none = await readAllPages(store.reader, 'typed', 5, ['none']);
    checkEqual(none.records, [], 'a type that is not there reads nothing');
    check(none.pages.at(-1)?.complete === true, 'and still ends complete');
  });

  test('continues from a cursor after records appended meanwhile (a position, not a snapshot)', async ({ store }) => {
    const log = store.open('growing');
    log.record('a');
    log.record('b');
    const first = await store.reader.read({ traceId: 'growing', limit: 1, signal: quietSignal() });
    check(first.cursor !== undefined, 'a page with more after it has a cursor');
    log.record('c');
    log.record('d');
    const rest: number[] = [];
    let cursor: string | undefined = first.cursor;
    while (cursor !== undefined) {
      const page = await store.reader.read({ traceId: 'growing', limit: 1, signal: quietSignal(), cursor });
      rest.push(...seqs(page.records));
      cursor = page.cursor;
    }
    checkEqual([...seqs(first.records), ...rest], upTo(5), 'the cursor goes on into the records recorded after it was given');
  });

  test('reads a trace it holds no record of as an empty, incomplete page with one gap', async ({ store }) => {
    const page = await store.reader.read({ traceId: 'never-written', limit: 10, signal: quietSignal() });
    checkEqual([page.records, page.complete, page.cursor, page.gaps.length], [[], false, undefined, 1], 'empty, not complete, one gap');
  });

  test('never returns a record of another trace', async ({ store }) => {
    const first = store.open('mine');
    const second = store.open('theirs');
    for (let index = 0; index < 30; index += 1) (index % 2 === 0 ? first : second).record('step', { index });
    await store.flush();
    for (const traceId of ['mine', 'theirs']) {
      const { records } = await readAllPages(store.reader, traceId, 7);
      check(records.every((record) => record.traceId === traceId), `${traceId}: only its own records`);
      checkEqual(seqs(records), upTo(16), `${traceId}: its own seq from 0`);
    }
  });

  test('refuses a malformed read request with INPUT_INVALID naming the field', async ({ store }) => {
    const signal = quietSignal();
    const cases: [unknown, string][] = [
      [null, 'request'],
      [{ traceId: 'run-1', limit: 1 }, 'signal'],
      [{ traceId: 'run-1', limit: 1, signal: { aborted: false, addEventListener() {} } }, 'signal'],
      [{ traceId: '../x', limit: 1, signal }, 'traceId'],
      [{ traceId: '', limit: 1, signal }, 'traceId'],
      [{ traceId: 'run-1', limit: 0, signal }, 'limit'],
      [{ traceId: 'run-1', limit: 10_001, signal }, 'limit'],
      [{ traceId: 'run-1', limit: 1.5, signal }, 'limit'],
      [{ traceId: 'run-1', limit: 1, signal, types: 'a' }, 'types'],
      [{ traceId: 'run-1', limit: 1, signal, types: ['a', ''] }, 'types[1]'],
      [{ traceId: 'run-1', limit: 1, signal, cursor: '' }, 'cursor'],
      [{ traceId: 'run-1', limit: 1, signal, cursr: 'x' }, 'cursr'],
    ];
    for (const [request, field] of cases) {
      await checkRefused(() => store.reader.read(request as LogReadRequest), { code: 'INPUT_INVALID', field }, `the request ${JSON.stringify(request)}`);
    }
  });

  test('rejects a read or a list whose signal fired with ABORTED', async ({ store }) => {
    await writeTrace(store, 'aborted', 3);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const error = await checkRefused(() => store.reader.read({ traceId: 'aborted', limit: 1, signal: controller.signal }), { code: 'ABORTED' }, 'a read');
    check(error.cause instanceof Error && error.cause.message === 'stop', 'the signal’s reason is the cause', error.cause);
    await checkRefused(() => store.reader.list({ limit: 1, signal: controller.signal }), { code: 'ABORTED' }, 'a list');
  });
};
