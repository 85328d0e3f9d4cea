import { AgentCoreError } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { connect } from './postgres-connection.js';
import type { PostgresPool, PostgresPoolClient, PostgresQuery, PostgresQueryCallback, PostgresQueryResult } from './postgres-pool.js';

/** What a fake connection was asked: the query and whether it was given a callback. */
interface Asked {
  readonly query: PostgresQuery;
  readonly callback: PostgresQueryCallback | undefined;
}

/** A pool of one connection that answers as `answer` says and records what it was asked. */
function fakePool(answer: (asked: Asked) => unknown): { pool: PostgresPool; asked: Asked[] } {
  const asked: Asked[] = [];
  const client: PostgresPoolClient = {
    query(query: PostgresQuery, callback?: PostgresQueryCallback) {
      const one = { query, callback };
      asked.push(one);
      return answer(one);
    },
    release: () => undefined,
  };
  return { pool: { connect: () => Promise.resolve(client) }, asked };
}

const rows: PostgresQueryResult = { rows: [['1', 'a']] };

describe('connect', () => {
  it("asks in pg's callback form, rows as arrays of the server's text, the values bound", async () => {
    const { pool, asked } = fakePool(({ callback }) => {
      setTimeout(() => callback?.(null, rows), 0);
      return undefined;
    });
    const connection = await connect(pool);
    expect(await connection.query('SELECT $1::int, $2', [1, 'a'])).toEqual([['1', 'a']]);
    const [first] = asked;
    expect(asked).toHaveLength(1);
    expect(first?.callback).toBeTypeOf('function');
    expect(first?.query).toMatchObject({ text: 'SELECT $1::int, $2', values: [1, 'a'], rowMode: 'array' });
    expect(first?.query.types.getTypeParser(1184, 'text')('2026-12-02 03:48:34+00')).toBe('2026-12-02 03:48:34+00');
    connection.release();
  });

  it('fails with the error the callback gives', async () => {
    const failure = new Error('Connection terminated unexpectedly');
    const { pool } = fakePool(({ callback }) => void setTimeout(() => callback?.(failure, { rows: [] }), 0));
    const connection = await connect(pool);
    await expect(connection.query('SELECT 1')).rejects.toBe(failure);
    connection.release(failure);
  });

  it('takes the answer of a client that ignores the callback and returns a promise', async () => {
    const { pool } = fakePool(() => Promise.resolve(rows));
    const connection = await connect(pool);
    expect(await connection.query('SELECT 1')).toEqual([['1', 'a']]);
    const failing = await connect(fakePool(() => Promise.reject(new Error('refused'))).pool);
    await expect(failing.query('SELECT 1')).rejects.toThrow('refused');
  });

  it('is LOG_FAILED when the answer has no rows', async () => {
    const { pool } = fakePool(({ callback }) => {
      callback?.(undefined, {} as PostgresQueryResult);
    });
    const connection = await connect(pool);
    const error = await connection.query('SELECT 1').catch((reason: unknown) => reason);
    expect(AgentCoreError.isInstance(error) && error.code).toBe('LOG_FAILED');
  });
});
