/**
 * `@jangts/agent-trace/postgres`: the PostgreSQL trace store, one table of records shared by every
 * App instance, over the App's `pg` 8 Pool (an optional peer dependency: the store imports
 * neither `pg` nor any Node built-in).
 *
 * @packageDocumentation
 */
export { createPostgresTraceStore } from './create-postgres-trace-store.js';
export type { PostgresPool, PostgresPoolClient, PostgresQuery, PostgresQueryCallback, PostgresQueryResult } from './postgres-pool.js';
export type { PostgresTraceStore } from './postgres-trace-store.js';
export { PostgresTraceStoreOptionsSchema, type PostgresTraceStoreOptions } from './postgres-trace-store-options.js';
