import type { LogRecord } from '@jangts/agent-types';
import { afterAll, describe, expect, it } from 'vitest';
import { FLOW_START_TYPE } from '../flow-start-type.js';
import { postgresStoreSubject, testPool } from './testing/postgres-test-tables.js';
import { POSTGRES_TEST_URL, requirePostgresUrl, SKIP_POSTGRES_TESTS } from './testing/postgres-test-url.js';
import { runPostgresChild } from './testing/run-postgres-child.js';

const pool = POSTGRES_TEST_URL === undefined ? undefined : testPool();
afterAll(async () => {
  await pool?.end();
});

describe.skipIf(SKIP_POSTGRES_TESTS)('createPostgresTraceStore, several processes on one trace', () => {
  it('keeps seq unique and gap-free and every flow of every process in order, losing nothing', async () => {
    const subject = await postgresStoreSubject(pool ?? testPool());
    try {
      const writers = 4;
      const records = 3000;
      const flows = 3;
      const results = await Promise.all(
        Array.from({ length: writers }, (_, writer) =>
          runPostgresChild({ url: requirePostgresUrl(), table: subject.table, traceId: 'many', writer: `writer-${writer}`, records, flows, yieldEvery: 7, mode: 'append' }),
        ),
      );
      for (const result of results) expect(result.code, result.stderr).toBe(0);
      const signal = new AbortController().signal;
      const seen: LogRecord[] = [];
      let cursor: string | undefined;
      do {
        const page = await subject.store.reader.read({ traceId: 'many', limit: 1000, signal, cursor });
        seen.push(...page.records);
        cursor = page.cursor;
      } while (cursor !== undefined);
      expect(seen.map((record) => record.seq)).toEqual(Array.from({ length: writers * (records + flows) }, (_, seq) => seq));
      for (let writer = 0; writer < writers; writer += 1) {
        const { flowIds } = JSON.parse(results[writer]?.stdout ?? '{}') as { flowIds: string[] };
        expect(flowIds).toHaveLength(flows);
        for (const [flow, flowId] of flowIds.entries()) {
          const own = seen.filter((record) => record.flowId === flowId);
          expect(own[0]?.type).toBe(FLOW_START_TYPE);
          expect(own.slice(1).map((record) => record.data?.index)).toEqual(Array.from({ length: records / flows }, (_, step) => step * flows + flow));
        }
      }
      // The batches of the writers interleave: the trace is not four runs one after another.
      const switches = seen.filter((record, index) => index > 0 && record.data?.writer !== seen[index - 1]?.data?.writer).length;
      expect(switches).toBeGreaterThan(writers);
    } finally {
      await subject.dispose();
    }
  });
});
