import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient, PostgresQuery, PostgresQueryCallback } from '../postgres-pool.js';

/**
 * What a {@link faultyPool} does to one query: `drop` the connection first (the server ends its
 * backend, so the query fails as on a real dropped connection), or run it and `lose-answer` (the
 * statement takes effect on the server, then the backend is ended and the client sees only a
 * lost connection), or `pass`.
 */
export type QueryFault = 'drop' | 'lose-answer' | 'pass';

/** When {@link faultyPool} misbehaves. */
export interface FaultPlan {
  /** The fault for a query (`text` is its SQL), called for every query. */
  readonly query?: (text: string) => QueryFault;
  /** True when a `connect()` is to fail as against a server that is down. */
  readonly refuseConnect?: () => boolean;
}

/** Ends the backend of `client` from another connection of `real`, and waits until it is gone. */
async function endBackend(real: pg.Pool, client: pg.PoolClient): Promise<void> {
  const pid = (client as pg.PoolClient & { processID: number }).processID;
  await real.query('SELECT pg_terminate_backend($1)', [pid]);
  while ((await real.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount !== 0) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A pool over `real` whose connections fail as `plan` says, with real faults: a dropped
 * connection is a backend the server ended (`pg_terminate_backend`), a lost answer a statement
 * that ran before its backend was ended, a refused connection the `ECONNREFUSED` of a port where
 * nothing listens.
 */
export function faultyPool(real: pg.Pool, plan: FaultPlan, refusingPool?: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      if (plan.refuseConnect?.() === true) {
        if (refusingPool === undefined) throw new Error('no refusing pool given');
        await refusingPool.connect();
        throw new Error('the refusing pool connected');
      }
      const client = await real.connect();
      return {
        // pg's callback form, as the store calls it.
        query(query: PostgresQuery, callback: PostgresQueryCallback) {
          void (async () => {
            const fault = plan.query?.(query.text) ?? 'pass';
            if (fault === 'drop') await endBackend(real, client);
            const result = await client.query(query as unknown as pg.QueryArrayConfig);
            if (fault === 'lose-answer') {
              await endBackend(real, client);
              throw new Error('Connection terminated unexpectedly');
            }
            return result;
          })().then(
            (result) => {
              callback(undefined, result);
            },
            (error: unknown) => {
              callback(error instanceof Error ? error : new Error(String(error)), { rows: [] });
            },
          );
        },
        release: (error) => {
          client.release(error);
        },
        on: (event, listener) => client.on(event, listener),
        removeListener: (event, listener) => client.removeListener(event, listener),
      };
    },
  };
}
