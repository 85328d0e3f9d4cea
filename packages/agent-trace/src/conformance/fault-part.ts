import type { LogRecord } from '@jangts/agent-types';
import { FLOW_START_TYPE } from '../flow-start-type.js';
import { check, checkEqual, checkRefusal, checkRefused } from './conformance-assert.js';
import { quietSignal, readAllPages, seqs, upTo, writeTrace, type ConformancePart } from './conformance-context.js';
import type { RecordDamage } from './trace-store-subject.js';

const DAMAGES: Readonly<Record<RecordDamage, string>> = {
  json: 'that is no longer JSON',
  seq: 'whose seq was changed',
  trace: 'moved to another trace',
  remove: 'that was deleted',
  data: 'whose data is no longer a JSON object',
};

/** The `index` of each `step` record, in order. */
const stepIndexes = (records: readonly LogRecord[]): unknown[] => records.filter((record) => record.type === 'step').map((record) => record.data?.index);

/** Faults, as far as the store under test can cause them: torn writes, crashes, several processes, damaged records. */
export const faultPart: ConformancePart = (test, options) => {
  const { tearLastWrite, crashWriter, writeFromProcesses, corruption } = options;

  test(
    'reports a write torn by a crash as a gap, keeps every record before it, and appends after it on restart',
    async (context) => {
      await writeTrace(context.store, 'torn', 5);
      await tearLastWrite?.(context.subject, 'torn');
      const torn = await context.store.reader.read({ traceId: 'torn', limit: 100, signal: quietSignal() });
      checkEqual(seqs(torn.records), upTo(6), 'every record before the torn write');
      check(torn.gaps.length >= 1 && !torn.complete && torn.cursor === undefined, 'the torn write is a gap at the end', torn);
      const store = await context.restart();
      const after = store.open('torn', 'after');
      after.record('step', { index: 0 });
      await store.flush();
      for (const limit of [1, 3, 100]) {
        const { records, pages } = await readAllPages(store.reader, 'torn', limit);
        checkEqual(seqs(records), upTo(8), `pages of ${limit}: the seq goes on after the torn write, nothing lost`);
        checkEqual(records.slice(6).map((record) => [record.flowId, record.type]), [[after.flowId, FLOW_START_TYPE], [after.flowId, 'step']], `pages of ${limit}: the records after the restart`);
        check(pages.some((page) => page.gaps.length >= 1), `pages of ${limit}: the torn write is still reported`);
      }
    },
    tearLastWrite !== undefined,
  );

  test(
    'keeps every record flushed before a writer crashed, in order, and continues the seq after it',
    async ({ subject, store }) => {
      await crashWriter?.(subject, { traceId: 'crashed', flushed: 20, unflushed: 300 });
      const { records } = await readAllPages(store.reader, 'crashed', 1000);
      const indexes = stepIndexes(records);
      check(indexes.length >= 20, 'every flushed record survives the crash', indexes.length);
      checkEqual(indexes, upTo(indexes.length), 'what survives is the records in order, without a hole');
      checkEqual(seqs(records), upTo(records.length), 'seq consecutive from 0');
      const after = store.open('crashed', 'after-crash');
      after.record('after');
      await store.flush();
      const again = await readAllPages(store.reader, 'crashed', 1000);
      checkEqual(seqs(again.records), upTo(records.length + 2), 'the seq goes on after the crashed writer');
      checkEqual(again.records.slice(-2).map((record) => record.type), [FLOW_START_TYPE, 'after'], 'the records after the crash come last');
    },
    crashWriter !== undefined,
  );

  test(
    'loses nothing and keeps each writer’s order when several processes write one trace at once',
    async ({ subject, store }) => {
      const writers = 3;
      const perWriter = 200;
      await writeFromProcesses?.(subject, { traceId: 'shared', writers, records: perWriter });
      const { records } = await readAllPages(store.reader, 'shared', 250);
      checkEqual(seqs(records), upTo(writers * (perWriter + 1)), 'seq consecutive from 0 over every writer’s records');
      for (let writer = 0; writer < writers; writer += 1) {
        const own = records.filter((record) => record.data?.writer === `writer-${writer}`);
        checkEqual(stepIndexes(own), upTo(perWriter), `writer-${writer}: every record, in its order`);
        check(new Set(own.map((record) => record.flowId)).size === 1, `writer-${writer}: one flow`);
      }
      const starts = records.filter((record) => record.type === FLOW_START_TYPE).map((record) => record.data?.name);
      checkEqual([...starts].sort(), upTo(writers).map((writer) => `writer-${writer}`), 'one root flow per writer');
    },
    writeFromProcesses !== undefined,
  );

  for (const damage of Object.keys(DAMAGES) as RecordDamage[]) {
    test(
      `fails the read with LOG_FAILED at a stored record ${DAMAGES[damage]}, never skipping it`,
      async ({ subject, store }) => {
        await writeTrace(store, 'damaged', 9);
        await writeTrace(store, 'intact', 9);
        await corruption?.corrupt(subject, 'damaged', 5, damage);
        await checkRefused(() => store.reader.read({ traceId: 'damaged', limit: 100, signal: quietSignal() }), { code: 'LOG_FAILED' }, 'a read over the damaged record');
        // Page by page: the records before it, in order and of the trace, then the refusal.
        const before: LogRecord[] = [];
        let cursor: string | undefined;
        let refusal: unknown;
        for (let pages = 0; pages < 20 && refusal === undefined; pages += 1) {
          try {
            const page = await store.reader.read({ traceId: 'damaged', limit: 2, signal: quietSignal(), cursor });
            before.push(...page.records);
            cursor = page.cursor;
            if (cursor === undefined) break;
          } catch (error) {
            refusal = error;
          }
        }
        check(refusal !== undefined, 'paging meets the damaged record as a refusal, not as the end of the trace', before);
        checkRefusal(refusal, { code: 'LOG_FAILED' }, 'the page at the damaged record');
        check(before.every((record) => record.traceId === 'damaged'), 'no record of another trace');
        checkEqual(seqs(before), upTo(before.length), 'the records before it, in order');
        check(before.length <= 5, 'nothing from the damaged record on', seqs(before));
        checkEqual(seqs((await readAllPages(store.reader, 'intact', 100)).records), upTo(10), 'another trace reads whole');
      },
      corruption?.damages.includes(damage) === true,
    );
  }
};
