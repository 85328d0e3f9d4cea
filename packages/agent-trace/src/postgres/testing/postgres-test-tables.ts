import pg from 'pg';
import type { TraceStoreSubject } from '../../conformance/index.js';
import type { TraceStore } from '../../trace-store.js';
import { createPostgresTraceStore } from '../create-postgres-trace-store.js';
import type { PostgresTraceStore } from '../postgres-trace-store.js';
import type { PostgresTraceStoreOptions } from '../postgres-trace-store-options.js';
import { requirePostgresUrl } from './postgres-test-url.js';

/** A pool on the test server (`AGENT_TRACE_POSTGRES_URL`); errors of idle connections (a test killed them) are ignored. */
export function testPool(max = 8): pg.Pool {
  const pool = new pg.Pool({ connectionString: requirePostgresUrl(), max });
  pool.on('error', () => undefined);
  return pool;
}

/** A fresh table name: `agent_trace_test_` and 16 random hex digits. */
export function freshTableName(): string {
  return `agent_trace_test_${globalThis.crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
}

/** A PostgreSQL store under test: its own fresh table (migrated), on a shared pool. */
export interface PostgresStoreSubject extends TraceStoreSubject {
  readonly table: string;
  readonly pool: pg.Pool;
  readonly store: PostgresTraceStore;
  /** Opens another store on the same table (another App instance), closed by `dispose`. */
  readonly open: (options?: Omit<PostgresTraceStoreOptions, 'pool' | 'table'>) => PostgresTraceStore;
}

/**
 * A store on a fresh table of `pool`, created with `migrate()`; `dispose` closes every store it
 * opened and drops the table (the pool stays: it is the test file's).
 */
export async function postgresStoreSubject(pool: pg.Pool, options: Omit<PostgresTraceStoreOptions, 'pool' | 'table'> = {}): Promise<PostgresStoreSubject> {
  const table = freshTableName();
  const stores: TraceStore[] = [];
  const open = (extra: Omit<PostgresTraceStoreOptions, 'pool' | 'table'> = {}): PostgresTraceStore => {
    const store = createPostgresTraceStore({ ...options, ...extra, pool, table });
    stores.push(store);
    return store;
  };
  const store = open();
  await store.migrate();
  return {
    table,
    pool,
    store,
    open,
    reopen: () => Promise.resolve(open()),
    async dispose() {
      await Promise.allSettled(stores.map((opened) => opened.close()));
      await pool.query(`DROP TABLE IF EXISTS ${table}`);
    },
  };
}
