import { afterAll, describe, it } from 'vitest';
import { describeTraceStoreConformance, type RecordDamage } from '../conformance/index.js';
import { POSTGRES_TEST_URL, requirePostgresUrl, SKIP_POSTGRES_TESTS } from './testing/postgres-test-url.js';
import { postgresStoreSubject, testPool, type PostgresStoreSubject } from './testing/postgres-test-tables.js';
import { runPostgresChild } from './testing/run-postgres-child.js';

const pool = POSTGRES_TEST_URL === undefined ? undefined : testPool();
afterAll(async () => {
  await pool?.end();
});

/** Damages one row of the subject's table by hand, as an App's own SQL could. */
const damages: Record<RecordDamage, (subject: PostgresStoreSubject, traceId: string, seq: number) => Promise<unknown>> = {
  // The column holds JSON the server checks; an App that made it text can break it.
  json: async ({ pool: target, table }, traceId, seq) => {
    await target.query(`ALTER TABLE ${table} ALTER COLUMN data TYPE text`);
    return target.query(`UPDATE ${table} SET data = '{"index": 5, "broken' WHERE trace_id = $1 AND seq = $2`, [traceId, seq]);
  },
  seq: ({ pool: target, table }, traceId, seq) => target.query(`UPDATE ${table} SET seq = seq + 1000 WHERE trace_id = $1 AND seq = $2`, [traceId, seq]),
  trace: ({ pool: target, table }, traceId, seq) => target.query(`UPDATE ${table} SET trace_id = 'another-trace' WHERE trace_id = $1 AND seq = $2`, [traceId, seq]),
  remove: ({ pool: target, table }, traceId, seq) => target.query(`DELETE FROM ${table} WHERE trace_id = $1 AND seq = $2`, [traceId, seq]),
  data: ({ pool: target, table }, traceId, seq) => target.query(`UPDATE ${table} SET data = '[1, 2]' WHERE trace_id = $1 AND seq = $2`, [traceId, seq]),
};

/** Fails unless exactly `rows` rows were changed (a damage that missed its row would test nothing). */
async function damage(subject: PostgresStoreSubject, traceId: string, seq: number, kind: RecordDamage): Promise<void> {
  const result = await damages[kind](subject, traceId, seq);
  const changed = (result as { rowCount?: number } | undefined)?.rowCount;
  if (changed !== 1) throw new Error(`the ${kind} damage changed ${String(changed)} rows of ${subject.table}, not 1`);
}

describeTraceStoreConformance<PostgresStoreSubject>({
  name: 'createPostgresTraceStore',
  describe: SKIP_POSTGRES_TESTS ? describe.skip : describe,
  it,
  subject: () => postgresStoreSubject(pool ?? testPool()),
  // A transaction commits whole or not at all: there is no torn write to report (tearLastWrite is left out).
  async crashWriter(subject, { traceId, flushed, unflushed }) {
    const result = await runPostgresChild({ url: requirePostgresUrl(), table: subject.table, traceId, writer: 'crashed', records: flushed, unflushed, mode: 'crash' });
    if (result.signal !== 'SIGKILL' || result.stderr !== '') throw new Error(`the crashing writer did not die by SIGKILL: ${result.code} ${result.signal} ${result.stderr}`);
  },
  async writeFromProcesses(subject, { traceId, writers, records }) {
    const results = await Promise.all(
      Array.from({ length: writers }, (_, writer) => runPostgresChild({ url: requirePostgresUrl(), table: subject.table, traceId, writer: `writer-${writer}`, records, mode: 'append' })),
    );
    for (const result of results) if (result.code !== 0) throw new Error(`a writer failed: ${result.code} ${result.stderr}`);
  },
  corruption: {
    damages: ['json', 'seq', 'trace', 'remove', 'data'],
    corrupt: damage,
  },
});
