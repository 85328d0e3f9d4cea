import { AgentCoreError } from '@jangts/agent-types';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FLOW_START_TYPE } from '../flow-start-type.js';
import { createPostgresTraceStore } from './create-postgres-trace-store.js';
import type { PostgresTraceStore } from './postgres-trace-store.js';
import { freshTableName, postgresStoreSubject, testPool, type PostgresStoreSubject } from './testing/postgres-test-tables.js';
import { POSTGRES_TEST_URL, requirePostgresUrl, SKIP_POSTGRES_TESTS } from './testing/postgres-test-url.js';

const pool = POSTGRES_TEST_URL === undefined ? undefined : testPool();
const subjects: PostgresStoreSubject[] = [];
const signal = new AbortController().signal;

afterEach(async () => {
  for (const subject of subjects.splice(0)) await subject.dispose();
});
afterAll(async () => {
  await pool?.end();
});

async function subject(options: Parameters<typeof postgresStoreSubject>[1] = {}): Promise<PostgresStoreSubject> {
  const created = await postgresStoreSubject(pool ?? testPool(), options);
  subjects.push(created);
  return created;
}

async function readAll(store: PostgresTraceStore, traceId: string, limit: number, types?: string[]) {
  const records = [];
  let pages = 0;
  let cursor: string | undefined;
  do {
    const page = await store.reader.read({ traceId, limit, signal, types, cursor });
    records.push(...page.records);
    pages += 1;
    cursor = page.cursor;
  } while (cursor !== undefined);
  return { records, pages };
}

async function rejection(promise: Promise<unknown>): Promise<AgentCoreError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!AgentCoreError.isInstance(error)) throw new Error(`expected an AgentCoreError, got ${String(error)}`);
  return error;
}

describe.skipIf(SKIP_POSTGRES_TESTS)('createPostgresTraceStore', () => {
  describe('migrate', () => {
    it('creates one table of records keyed by (trace_id, seq), with trace ids in code-unit order, and nothing else', async () => {
      const { table, pool: target } = await subject();
      const columns = await target.query<{ column_name: string; data_type: string; collation_name: string | null; is_nullable: string }>(
        'SELECT column_name, data_type, collation_name, is_nullable FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
        [table],
      );
      expect(columns.rows).toEqual([
        { column_name: 'trace_id', data_type: 'text', collation_name: 'C', is_nullable: 'NO' },
        { column_name: 'seq', data_type: 'bigint', collation_name: null, is_nullable: 'NO' },
        { column_name: 'flow_id', data_type: 'text', collation_name: null, is_nullable: 'NO' },
        { column_name: 'at', data_type: 'timestamp with time zone', collation_name: null, is_nullable: 'NO' },
        { column_name: 'type', data_type: 'text', collation_name: null, is_nullable: 'NO' },
        { column_name: 'data', data_type: 'json', collation_name: null, is_nullable: 'YES' },
        { column_name: 'trace_bytes', data_type: 'bigint', collation_name: null, is_nullable: 'NO' },
      ]);
      const indexes = await target.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE tablename = $1', [table]);
      expect(indexes.rows.map((row) => row.indexdef.replace(/^.* USING /, ''))).toEqual(['btree (trace_id, seq)']);
    });

    it('is safe to call again and from many instances at once, and keeps what is there', async () => {
      const first = await subject();
      first.store.open('kept').record('a');
      await first.store.flush();
      const others = Array.from({ length: 6 }, () => first.open());
      await Promise.all([first.store.migrate(), ...others.map((store) => store.migrate())]);
      expect((await readAll(first.store, 'kept', 10)).records.map((record) => record.type)).toEqual([FLOW_START_TYPE, 'a']);
    });

    it('creates no table of its own accord: without migrate() writes fail with LOG_FAILED saying so, and no table appears', async () => {
      const table = freshTableName();
      const target = pool ?? testPool();
      const errors: AgentCoreError[] = [];
      const store = createPostgresTraceStore({ pool: target, table, onError: (error) => errors.push(error) });
      store.open('early').record('a');
      const failure = await rejection(store.flush());
      expect(failure.code).toBe('LOG_FAILED');
      expect(failure.details).toMatchObject({ failures: 1, lostRecords: 2, traceIds: ['early'] });
      expect(errors).toHaveLength(1);
      expect(errors[0]?.details).toMatchObject({ traceId: 'early', table, lostRecords: 2, attempts: 1, uncertain: false });
      expect(errors[0]?.message).toContain('call await store.migrate()');
      const read = await rejection(store.reader.read({ traceId: 'early', limit: 1, signal }));
      expect([read.code, read.message]).toEqual(['LOG_FAILED', expect.stringContaining('migrate()')]);
      expect((await target.query('SELECT to_regclass($1) AS found', [table])).rows).toEqual([{ found: null }]);
      await store.migrate();
      store.open('early').record('b');
      await store.close();
      const again = createPostgresTraceStore({ pool: target, table });
      expect((await readAll(again, 'early', 10)).records.map((record) => [record.seq, record.type])).toEqual([[0, FLOW_START_TYPE], [1, 'b']]);
      await again.close();
      await target.query(`DROP TABLE ${table}`);
    });

    it('refuses a table of that name it did not create with CONFIG_INVALID (field table), leaving it as it was', async () => {
      const target = pool ?? testPool();
      const table = freshTableName();
      await target.query(`CREATE TABLE ${table} (id int)`);
      try {
        const error = await rejection(createPostgresTraceStore({ pool: target, table }).migrate());
        expect([error.code, error.details.field, error.details.rule]).toEqual(['CONFIG_INVALID', 'table', 'table']);
        const columns = await target.query('SELECT column_name FROM information_schema.columns WHERE table_name = $1', [table]);
        expect(columns.rows).toEqual([{ column_name: 'id' }]);
      } finally {
        await target.query(`DROP TABLE ${table}`);
      }
    });

    it('uses a schema-qualified table', async () => {
      const target = pool ?? testPool();
      const schema = `s_${freshTableName()}`.slice(0, 40);
      await target.query(`CREATE SCHEMA ${schema}`);
      try {
        const store = createPostgresTraceStore({ pool: target, table: `${schema}.records` });
        await store.migrate();
        store.open('qualified').record('a');
        expect((await readAll(store, 'qualified', 10)).records).toHaveLength(2);
        await store.close();
        expect((await target.query(`SELECT count(*)::int AS rows FROM ${schema}.records`)).rows).toEqual([{ rows: 2 }]);
      } finally {
        await target.query(`DROP SCHEMA ${schema} CASCADE`);
      }
    });
  });

  describe('records', () => {
    it('reads back data exactly as JSON.stringify wrote it: key order, NUL, lone surrogates, every plane', async () => {
      const { store, table, pool: target } = await subject();
      const data = { zeta: 1, alpha: { b: [1, 'two', null, true], a: -0 }, nul: 'a\u0000b', lone: '\uD800x\uDFFF', emoji: '😀', cjk: '现在', quote: '"\\\'' };
      store.open('exact').record('payload', data);
      const { records } = await readAll(store, 'exact', 10);
      expect(JSON.stringify(records[1]?.data)).toBe(JSON.stringify(data));
      expect(Object.keys(records[1]?.data ?? {})).toEqual(Object.keys(data));
      const stored = await target.query<{ data: string }>(`SELECT data::text AS data FROM ${table} WHERE seq = 1`);
      expect(stored.rows[0]?.data).toBe(JSON.stringify(data));
    });

    it('refuses a record type PostgreSQL text cannot hold with INPUT_INVALID, taking no seq', async () => {
      const { store } = await subject();
      const log = store.open('types');
      for (const type of ['a\u0000b', 'x\uD800', '\uDC00y']) {
        expect(() => { log.record(type); }).toThrow(expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field: 'type', rule: 'pattern' }) }));
      }
      log.record('ok\uD83D\uDE00');
      const { records } = await readAll(store, 'types', 10);
      expect(records.map((record) => [record.seq, record.type])).toEqual([[0, FLOW_START_TYPE], [1, 'ok😀']]);
      // A type filter naming a type no record can have matches nothing.
      expect((await readAll(store, 'types', 10, ['a\u0000b', 'x\uD800'])).records).toEqual([]);
    });

    it('refuses a record over maxRecordBytes (counted as its JSON line, UTF-8) and a full queue', async () => {
      const { store } = await subject({ maxRecordBytes: 256, maxQueuedBytes: 800 });
      const log = store.open('sizes');
      expect(() => { log.record('big', { text: 'é'.repeat(100) }); }).toThrow(expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field: 'data', rule: 'size', limit: 256 }) }));
      log.record('small', { text: 'x'.repeat(100) });
      log.record('small', { text: 'x'.repeat(100) });
      log.record('small', { text: 'x'.repeat(100) });
      expect(() => { log.record('small', { text: 'x'.repeat(100) }); }).toThrow(expect.objectContaining({ code: 'LOG_FAILED', details: expect.objectContaining({ field: 'maxQueuedBytes' }) }));
      await store.flush();
      log.record('small', { text: 'x'.repeat(100) });
      expect((await readAll(store, 'sizes', 100)).records.map((record) => record.type)).toEqual([FLOW_START_TYPE, 'small', 'small', 'small', 'small']);
    });

    it('ignores the type parsers of the App’s pool: rows come back as the server wrote them', async () => {
      const { table } = await subject();
      const strange = new pg.Pool({ connectionString: requirePostgresUrl(), max: 2, types: { getTypeParser: () => () => 'garbage' } });
      strange.on('error', () => undefined);
      try {
        const store = createPostgresTraceStore({ pool: strange, table });
        store.open('parsers').record('a', { n: 1 });
        const { records } = await readAll(store, 'parsers', 1);
        expect(records.map((record) => [record.seq, record.type, record.data])).toEqual([[0, FLOW_START_TYPE, undefined], [1, 'a', { n: 1 }]]);
        expect(new Date(records[1]?.at ?? '').toISOString()).toBe(records[1]?.at);
        expect((await store.reader.list({ limit: 10, signal })).traces.map((trace) => trace.traceId)).toEqual(['parsers']);
        await store.close();
      } finally {
        await strange.end();
      }
    });
  });

  describe('several App instances on one table', () => {
    it('share traces: one instance reads, lists and continues what another wrote, and takes its cursors', async () => {
      const { store, open } = await subject();
      const other = open();
      const first = store.open('shared', 'first');
      for (let index = 0; index < 5; index += 1) first.record('step', { index });
      await store.flush();
      const page = await store.reader.read({ traceId: 'shared', limit: 3, signal });
      expect(page.cursor).toBeDefined();
      const rest = await other.reader.read({ traceId: 'shared', limit: 100, signal, cursor: page.cursor });
      expect([...page.records, ...rest.records].map((record) => record.seq)).toEqual([0, 1, 2, 3, 4, 5]);
      other.open('shared', 'second').record('more');
      await other.flush();
      const { records } = await readAll(store, 'shared', 4);
      expect(records.map((record) => record.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(records.slice(6).map((record) => record.type)).toEqual([FLOW_START_TYPE, 'more']);
    });

    it('keep seq unique and consecutive and every flow in order when many instances write one trace at once', async () => {
      const { store, open, table, pool: target } = await subject();
      const instances = [store, ...Array.from({ length: 5 }, () => open())];
      const perFlow = 300;
      await Promise.all(
        instances.map(async (instance, number) => {
          const root = instance.open('contended', `instance-${number}`);
          const flows = [root, root.child('a'), root.child('b')];
          for (let index = 0; index < perFlow; index += 1) {
            for (const [flow, log] of flows.entries()) log.record('step', { instance: number, flow, index });
            if (index % 20 === 0) await instance.flush();
          }
          await instance.flush();
        }),
      );
      const { records } = await readAll(store, 'contended', 1000);
      expect(records.map((record) => record.seq)).toEqual(Array.from({ length: instances.length * (3 + 3 * perFlow) }, (_, seq) => seq));
      for (let number = 0; number < instances.length; number += 1) {
        for (let flow = 0; flow < 3; flow += 1) {
          const own = records.filter((record) => record.data?.instance === number && record.data.flow === flow);
          expect(own.map((record) => record.data?.index)).toEqual(Array.from({ length: perFlow }, (_, index) => index));
          expect(new Set(own.map((record) => record.flowId)).size).toBe(1);
        }
      }
      const counted = await target.query<{ rows: number; seqs: number }>(`SELECT count(*)::int AS rows, count(DISTINCT seq)::int AS seqs FROM ${table}`);
      expect(counted.rows).toEqual([{ rows: records.length, seqs: records.length }]);
    });

    it('leave the App’s pool open on close', async () => {
      const { store, pool: target } = await subject();
      await store.close();
      expect((await target.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    });
  });

  describe('reading', () => {
    it('bounds a page with a type filter by maxScanRecordsPerPage, and still finds every record', async () => {
      const { store } = await subject({ maxScanRecordsPerPage: 100 });
      const log = store.open('rare');
      for (let index = 0; index < 1000; index += 1) log.record(index % 250 === 7 ? 'rare' : 'common', { index });
      const first = await store.reader.read({ traceId: 'rare', types: ['rare'], limit: 10, signal });
      expect(first.records.map((record) => record.data?.index)).toEqual([7]);
      expect(first.cursor).toBeDefined();
      const { records, pages } = await readAll(store, 'rare', 10, ['rare']);
      expect(records.map((record) => record.data?.index)).toEqual([7, 257, 507, 757]);
      expect(pages).toBeGreaterThanOrEqual(10);
    });

    it('fails a page with a type filter at a removed record, even where the next row is of another type, never skipping it', async () => {
      const { store, table, pool: target } = await subject();
      const log = store.open('filtered');
      for (let index = 0; index < 20; index += 1) log.record(index % 2 === 0 ? 'even' : 'odd', { index });
      await store.flush();
      // The odd records are at even seqs: seq 8 is one the filter wants, seq 9 after it one it does not.
      await target.query(`DELETE FROM ${table} WHERE trace_id = 'filtered' AND seq = 8`);
      const before = await store.reader.read({ traceId: 'filtered', types: ['odd'], limit: 3, signal });
      expect(before.records.map((record) => record.seq)).toEqual([2, 4, 6]);
      const error = await rejection(store.reader.read({ traceId: 'filtered', types: ['odd'], limit: 3, signal, cursor: before.cursor }));
      expect(error.code).toBe('LOG_FAILED');
      expect(error.details).toMatchObject({ traceId: 'filtered', table, seq: '9' });
      expect(error.message).toContain('seq 8 expected');
    });

    it.each([
      ['an empty flow id', `UPDATE %t SET flow_id = '' WHERE seq = 3`, 'has no flow id'],
      ['an empty type', `UPDATE %t SET type = '' WHERE seq = 3`, 'has no type'],
      ['a type over 128 characters', `UPDATE %t SET type = repeat('t', 129) WHERE seq = 3`, 'has no type'],
      ['JSON null as data', `UPDATE %t SET data = 'null' WHERE seq = 3`, 'not a JSON object'],
      ['a string as data', `UPDATE %t SET data = '"text"' WHERE seq = 3`, 'not a JSON object'],
      ['a negative seq in front', `INSERT INTO %t SELECT trace_id, -1, flow_id, at, type, data, 0 FROM %t WHERE seq = 0`, 'does not follow'],
      ['a gap at the end', `UPDATE %t SET seq = 100 WHERE seq = 5`, 'does not follow'],
    ])('fails the read with LOG_FAILED at a row with %s', async (_label, statement, problem) => {
      const { store, table, pool: target } = await subject();
      const log = store.open('hostile');
      for (let index = 0; index < 5; index += 1) log.record('step', { index });
      await store.flush();
      await target.query(statement.replaceAll('%t', table));
      const error = await rejection(readAll(store, 'hostile', 2));
      expect(error.code).toBe('LOG_FAILED');
      expect(error.message).toContain(problem);
      expect(error.details).toMatchObject({ traceId: 'hostile', table });
    });

    it('fails a list with LOG_FAILED at a trace id the store could not have written', async () => {
      const { store, table, pool: target } = await subject();
      store.open('good').record('a');
      await store.flush();
      await target.query(`INSERT INTO ${table} SELECT 'bad id', seq, flow_id, at, type, data, trace_bytes FROM ${table}`);
      const error = await rejection(store.reader.list({ limit: 10, signal }));
      expect([error.code, error.details.problem]).toEqual(['LOG_FAILED', 'has a trace id the store does not write']);
    });

    it('keeps its page cost off the size of the trace: the page query reads by the key, from the cursor on', async () => {
      const { store, table, pool: target } = await subject();
      const log = store.open('keyed');
      for (let index = 0; index < 20_000; index += 1) log.record('step', { index });
      await store.flush();
      await target.query(`ANALYZE ${table}`);
      const page = await store.reader.read({ traceId: 'keyed', limit: 100, signal, cursor: (await store.reader.read({ traceId: 'keyed', limit: 10_000, signal })).cursor });
      expect(page.records[0]?.seq).toBe(10_000);
      const plan = await target.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT seq FROM ${table} WHERE trace_id = 'keyed' AND seq > 10000 ORDER BY seq LIMIT 101`,
      );
      const lines = plan.rows.map((row) => row['QUERY PLAN']);
      expect(lines.join('\n')).toMatch(/Index (Only )?Scan using .* on .*\n.*Index Cond: \(\(trace_id = 'keyed'::text\) AND \(seq > 10000\)\)/);
      expect(lines.join('\n')).toContain('rows=101 loops=1');
    });
  });
});
