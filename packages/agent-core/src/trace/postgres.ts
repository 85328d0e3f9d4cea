/**
 * `@jangts/agent-core/trace/postgres`: the PostgreSQL trace store, one table of records shared by
 * every App instance, over the App's `pg` Pool (`@jangts/agent-trace/postgres`). `pg` is an
 * optional peer: install it to use this entry.
 *
 * @packageDocumentation
 */
export * from '@jangts/agent-trace/postgres';
