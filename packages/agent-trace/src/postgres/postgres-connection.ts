import * as Type from '@jangts/agent-types/internal/type';
import { isPromiseLike, live, parser } from '@jangts/agent-types/internal';
import { poolMisuseError } from '../errors.js';
import type { PostgresPool, PostgresPoolClient, PostgresQuery } from './postgres-pool.js';

/** Every column as the server's text, whatever type parsers the App installed on `pg`. */
const SERVER_TEXT: PostgresQuery['types'] = { getTypeParser: () => (value: string) => value };

/** The connection `pool.connect()` hands back, read once: its `query` and `release`, bound to it. */
const poolClient = /* @__PURE__ */ parser(
  live<PostgresPoolClient>(
    'a pg PoolClient with query() and release() methods',
    Type.Object({
      query: Type.Function([Type.Unknown(), Type.Unknown()], Type.Unknown()),
      release: Type.Function([Type.Unknown()], Type.Void()),
      on: Type.Optional(Type.Function([Type.String(), Type.Unknown()], Type.Unknown())),
      removeListener: Type.Optional(Type.Function([Type.String(), Type.Unknown()], Type.Unknown())),
    }),
  ),
  { subject: 'pool.connect()', code: 'LOG_FAILED', name: 'connection' },
);

/** Listens to a held connection's `error` events: the failure shows in its next statement; nothing is left unhandled. */
const ignoreHeldConnectionError = (): void => undefined;

/** Runs one statement with bound `values`; its rows, each a list of column texts (or `null`). */
export type RunQuery = (text: string, values?: readonly unknown[]) => Promise<unknown[][]>;

/** A connection checked out of the App's pool. */
export interface Connection {
  readonly query: RunQuery;
  /** Gives the connection back: healthy, or after `error` (the pool then discards it). */
  release(error?: unknown): void;
}

/** Checks a connection out of `pool` (a connection that is not one is `LOG_FAILED`). */
export async function connect(pool: PostgresPool): Promise<Connection> {
  const client = poolClient.parse(await pool.connect());
  client.on?.('error', ignoreHeldConnectionError);
  return {
    async query(text, values = []) {
      const result = await new Promise<unknown>((resolve, reject) => {
        const answered = (error: unknown, answer?: unknown): void => {
          if (error === null || error === undefined) resolve(answer);
          else reject(error instanceof Error ? error : new Error('the query failed', { cause: error }));
        };
        // pg's callback form: its promise form makes V8 promote every page's rows (see PostgresPoolClient.query). A client that answers by a promise instead is heard too.
        const returned = client.query({ text, values: [...values], rowMode: 'array', types: SERVER_TEXT }, answered);
        if (isPromiseLike(returned)) returned.then(resolve, reject);
      });
      const rows = (result as { rows?: unknown } | undefined)?.rows;
      if (!Array.isArray(rows)) throw poolMisuseError('answered a query without rows');
      return rows as unknown[][];
    },
    release(error) {
      client.removeListener?.('error', ignoreHeldConnectionError);
      client.release(error === undefined ? undefined : error instanceof Error ? error : true);
    },
  };
}

/** Runs `task` on a connection of `pool`, giving it back after (discarded when `task` failed). */
export async function withConnection<TResult>(pool: PostgresPool, task: (query: RunQuery) => Promise<TResult>): Promise<TResult> {
  const connection = await connect(pool);
  let result: TResult;
  try {
    result = await task(connection.query);
  } catch (error) {
    connection.release(error);
    throw error;
  }
  connection.release();
  return result;
}

/**
 * Runs `task` in a `READ COMMITTED` transaction holding the advisory lock `lockName` (the lock of
 * a trace, or of a migration) until it commits: every statement after the lock sees what the
 * lock's previous holder committed. Rolled back, and the connection discarded, when `task` fails.
 */
export function inLockedTransaction<TResult>(pool: PostgresPool, lock: string, lockName: string, task: (query: RunQuery) => Promise<TResult>): Promise<TResult> {
  return withConnection(pool, async (query) => {
    await query('BEGIN ISOLATION LEVEL READ COMMITTED');
    await query(lock, [lockName]);
    const result = await task(query);
    await query('COMMIT');
    return result;
  });
}
