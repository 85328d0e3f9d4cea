import type pg from 'pg';
import type { Static } from 'typebox';
import { expectTypeOf, test } from 'vitest';
import type { PostgresPool } from './postgres-pool.js';
import type { PostgresTraceStoreOptions, PostgresTraceStoreOptionsSchema } from './postgres-trace-store-options.js';

test('a pg 8 Pool is a PostgresPool, and its connection a PostgresPoolClient', () => {
  expectTypeOf<pg.Pool>().toExtend<PostgresPool>();
  expectTypeOf<{ connect(): Promise<pg.PoolClient> }>().toExtend<PostgresPool>();
  // Something without connect() is not.
  expectTypeOf<{ query(): Promise<unknown> }>().not.toExtend<PostgresPool>();
});

test('the options schema describes exactly the options type', () => {
  expectTypeOf<Static<typeof PostgresTraceStoreOptionsSchema>>().toExtend<PostgresTraceStoreOptions>();
  expectTypeOf<{ -readonly [K in keyof PostgresTraceStoreOptions]: PostgresTraceStoreOptions[K] }>().toExtend<Static<typeof PostgresTraceStoreOptionsSchema>>();
});
