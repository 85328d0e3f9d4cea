import { check, checkRefused } from './conformance-assert.js';
import { quietSignal, readAllPages, type ConformancePart } from './conformance-context.js';

/** Shutdown: close flushes, is idempotent, and every later call but flush is `LOG_FAILED`. */
export const shutdownPart: ConformancePart = (test) => {
  test('flushes on close, then refuses records, flows, reads, lists and prunes with LOG_FAILED; close is idempotent', async ({ subject, store }) => {
    const log = store.open('closing');
    log.record('a');
    const closing = store.close();
    check(store.close() === closing, 'close() again returns the same promise');
    await checkRefused(() => {
      log.record('b');
    }, { code: 'LOG_FAILED' }, 'a record after close');
    await checkRefused(() => log.child('c'), { code: 'LOG_FAILED' }, 'a child flow after close');
    await checkRefused(() => store.open('other'), { code: 'LOG_FAILED' }, 'open after close');
    await closing;
    await checkRefused(() => store.reader.read({ traceId: 'closing', limit: 1, signal: quietSignal() }), { code: 'LOG_FAILED' }, 'a read after close');
    await checkRefused(() => store.reader.list({ limit: 1, signal: quietSignal() }), { code: 'LOG_FAILED' }, 'a list after close');
    await checkRefused(() => store.prune({ maxTotalBytes: 0 }), { code: 'LOG_FAILED' }, 'a prune after close');
    await store.flush();
    const reopened = await subject.reopen();
    try {
      const { records } = await readAllPages(reopened.reader, 'closing', 10);
      check(records.length === 2 && records[1]?.type === 'a', 'the record before close was written, the one after was not', records);
    } finally {
      await reopened.close();
    }
  });
};
