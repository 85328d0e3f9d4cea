import { AgentCoreError, type LogRecord } from '@jangts/agent-types';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPostgresTraceStore } from './create-postgres-trace-store.js';
import type { PostgresTraceStore } from './postgres-trace-store.js';
import type { PostgresTraceStoreOptions } from './postgres-trace-store-options.js';
import { faultyPool, type FaultPlan } from './testing/faulty-pool.js';
import { postgresStoreSubject, testPool, type PostgresStoreSubject } from './testing/postgres-test-tables.js';
import { POSTGRES_TEST_URL, SKIP_POSTGRES_TESTS } from './testing/postgres-test-url.js';

const pool = POSTGRES_TEST_URL === undefined ? undefined : testPool();
/** A pool on a loopback port where nothing listens: every connect is a real ECONNREFUSED. */
const refusing = new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 10_000 });
const subjects: PostgresStoreSubject[] = [];
const signal = new AbortController().signal;

afterEach(async () => {
  for (const subject of subjects.splice(0)) await subject.dispose();
});
afterAll(async () => {
  await Promise.all([pool?.end(), refusing.end()]);
});

/** A fresh table, and a store on it whose pool fails as `plan` says. */
async function faultyStore(plan: FaultPlan, options: Omit<PostgresTraceStoreOptions, 'pool' | 'table'> = {}): Promise<{ store: PostgresTraceStore; subject: PostgresStoreSubject }> {
  const subject = await postgresStoreSubject(pool ?? testPool());
  subjects.push(subject);
  const store = createPostgresTraceStore({ ...options, pool: faultyPool(subject.pool, plan, refusing), table: subject.table });
  return { store, subject };
}

/** `fault` for the first `times` queries whose SQL starts with `prefix`, `pass` for every other. */
function onFirst(prefix: string, fault: 'drop' | 'lose-answer', times = 1): NonNullable<FaultPlan['query']> {
  let left = times;
  return (text) => {
    if (left === 0 || !text.trimStart().startsWith(prefix)) return 'pass';
    left -= 1;
    return fault;
  };
}

async function readAll(store: PostgresTraceStore, traceId: string): Promise<LogRecord[]> {
  const records: LogRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.reader.read({ traceId, limit: 7, signal, cursor });
    records.push(...page.records);
    cursor = page.cursor;
  } while (cursor !== undefined);
  return records;
}

/** Records `count` steps (data `{ index }`, going on from `from`) into `log`. */
function steps(log: { record(type: string, data: { index: number }): void }, from: number, count: number): void {
  for (let index = from; index < from + count; index += 1) log.record('step', { index });
}

async function rowsOf(subject: PostgresStoreSubject, traceId: string): Promise<number> {
  const result = await subject.pool.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM ${subject.table} WHERE trace_id = $1`, [traceId]);
  return result.rows[0]?.rows ?? -1;
}

const indexes = (records: readonly LogRecord[]): unknown[] => records.filter((record) => record.type === 'step').map((record) => record.data?.index);
const upTo = (count: number): number[] => Array.from({ length: count }, (_, index) => index);

describe.skipIf(SKIP_POSTGRES_TESTS)('createPostgresTraceStore faults', () => {
  it('rejects a read whose connection dropped mid-page with LOG_FAILED; the same cursor then reads the same page', async () => {
    let dropNext = false;
    const { store, subject } = await faultyStore({ query: (text) => (dropNext && text.trimStart().startsWith('WITH looked') ? ((dropNext = false), 'drop') : 'pass') });
    steps(store.open('paged'), 0, 20);
    await store.flush();
    const first = await store.reader.read({ traceId: 'paged', limit: 5, signal });
    dropNext = true;
    const error = await store.reader.read({ traceId: 'paged', limit: 5, signal, cursor: first.cursor }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(AgentCoreError.isInstance(error) && error.code).toBe('LOG_FAILED');
    expect((error as AgentCoreError).message).toMatch(/^could not read trace "paged": /);
    expect((error as AgentCoreError).cause).toBeInstanceOf(Error);
    const again = await store.reader.read({ traceId: 'paged', limit: 5, signal, cursor: first.cursor });
    expect(again.records.map((record) => record.seq)).toEqual([5, 6, 7, 8, 9]);
    expect((await readAll(store, 'paged')).map((record) => record.seq)).toEqual(upTo(21));
    expect(await rowsOf(subject, 'paged')).toBe(21);
    await store.close();
  });

  it.each([
    ['the connection drops before COMMIT', 'COMMIT', 'drop'],
    ['the connection drops before the insert', 'WITH last', 'drop'],
    ['the connection drops before the lock', 'SELECT pg_advisory_xact_lock', 'drop'],
    ['the answer to COMMIT is lost (it committed)', 'COMMIT', 'lose-answer'],
  ] as const)('writes a batch exactly once, in order, when %s', async (_label, prefix, fault) => {
    const errors: AgentCoreError[] = [];
    const { store, subject } = await faultyStore({ query: onFirst(prefix, fault) }, { onError: (error) => errors.push(error) });
    const log = store.open('retried');
    steps(log, 0, 5);
    await store.flush();
    steps(log, 5, 5);
    await store.flush();
    const records = await readAll(store, 'retried');
    expect(records.map((record) => record.seq)).toEqual(upTo(11));
    expect(indexes(records)).toEqual(upTo(10));
    expect(await rowsOf(subject, 'retried')).toBe(11);
    expect(errors).toEqual([]);
    await store.close();
  });

  it('writes a batch whose COMMIT answer was lost exactly once while another instance writes the same trace', async () => {
    const { store, subject } = await faultyStore({ query: onFirst('COMMIT', 'lose-answer', 3) });
    const other = subject.open();
    const mine = store.open('busy', 'mine');
    const theirs = other.open('busy', 'theirs');
    await Promise.all([
      (async () => {
        for (let batch = 0; batch < 6; batch += 1) {
          steps(mine, batch * 10, 10);
          await store.flush();
        }
      })(),
      (async () => {
        for (let batch = 0; batch < 30; batch += 1) {
          steps(theirs, batch * 5, 5);
          await other.flush();
        }
      })(),
    ]);
    const records = await readAll(store, 'busy');
    expect(records.map((record) => record.seq)).toEqual(upTo(2 + 60 + 150));
    expect(indexes(records.filter((record) => record.flowId === mine.flowId))).toEqual(upTo(60));
    expect(indexes(records.filter((record) => record.flowId === theirs.flowId))).toEqual(upTo(150));
    expect(await rowsOf(subject, 'busy')).toBe(212);
    await store.close();
  });

  it('reports every record of a batch lost, exactly, when every try fails; the store goes on without a hole in seq', async () => {
    let down = true;
    const errors: AgentCoreError[] = [];
    const { store, subject } = await faultyStore({ refuseConnect: () => down }, { writeAttempts: 2, onError: (error) => errors.push(error) });
    const log = store.open('down');
    steps(log, 0, 4);
    const failure = await store.flush().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(AgentCoreError.isInstance(failure) && failure.details).toEqual({ failures: 1, lostRecords: 5, traceIds: ['down'] });
    expect(errors.map((error) => error.details)).toEqual([{ traceId: 'down', table: subject.table, lostRecords: 5, attempts: 2, uncertain: false }]);
    expect((errors[0]?.cause as NodeJS.ErrnoException | undefined)?.code).toBe('ECONNREFUSED');
    down = false;
    steps(log, 4, 3);
    await store.flush();
    const records = await readAll(store, 'down');
    expect(records.map((record) => record.seq)).toEqual(upTo(3));
    expect(indexes(records)).toEqual([4, 5, 6]);
    await store.close();
  });

  it('reports a batch whose COMMIT answer was lost and that cannot be looked up as lost and uncertain (it is in fact there)', async () => {
    let down = false;
    const query = onFirst('COMMIT', 'lose-answer');
    const errors: AgentCoreError[] = [];
    const { store, subject } = await faultyStore(
      {
        query: (text) => {
          const fault = query(text);
          if (fault === 'lose-answer') down = true;
          return fault;
        },
        refuseConnect: () => down,
      },
      { writeAttempts: 2, onError: (error) => errors.push(error) },
    );
    steps(store.open('doubt'), 0, 3);
    await expect(store.flush()).rejects.toMatchObject({ code: 'LOG_FAILED', details: { lostRecords: 4 } });
    expect(errors.map((error) => error.details)).toEqual([{ traceId: 'doubt', table: subject.table, lostRecords: 4, attempts: 1, uncertain: true }]);
    expect(errors[0]?.message).toContain('may be in the table after all');
    expect(await rowsOf(subject, 'doubt')).toBe(4);
    await store.close();
  });

  it('does not try again what would only fail again (a constraint of the App refusing a record), and goes on', async () => {
    const errors: AgentCoreError[] = [];
    const { store, subject } = await faultyStore({}, { writeAttempts: 5, onError: (error) => errors.push(error) });
    await subject.pool.query(`ALTER TABLE ${subject.table} ADD CONSTRAINT no_forbidden CHECK (type <> 'forbidden')`);
    const log = store.open('refused');
    log.record('forbidden');
    await expect(store.flush()).rejects.toMatchObject({ code: 'LOG_FAILED', details: { lostRecords: 2 } });
    expect(errors[0]?.details).toMatchObject({ attempts: 1, uncertain: false });
    expect((errors[0]?.cause as { code?: string } | undefined)?.code).toBe('23514');
    log.record('allowed');
    await store.flush();
    expect((await readAll(store, 'refused')).map((record) => [record.seq, record.type])).toEqual([[0, 'allowed']]);
    await store.close();
  });
});
