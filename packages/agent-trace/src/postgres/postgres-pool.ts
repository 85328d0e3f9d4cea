/**
 * One query as the store sends it: parameters always bound (never spliced into the text), rows as
 * arrays, and every column handed back as the server's text (`types`), whatever type parsers the
 * App installed globally on `pg`.
 */
export interface PostgresQuery {
  readonly text: string;
  readonly values: unknown[];
  readonly rowMode: 'array';
  readonly types: { getTypeParser(oid: number, format?: string): (value: string) => unknown };
}

/** What a query gives back: the rows, each a list of column values (text, or `null`). */
export interface PostgresQueryResult {
  readonly rows: readonly unknown[];
}

/** How a query answers when it is given a callback: the error, or the result. */
export type PostgresQueryCallback = (error: Error | null | undefined, result: PostgresQueryResult) => void;

/**
 * A connection checked out of the App's pool: `pg`'s `PoolClient`. The store runs a transaction
 * on it and gives it back with `release()`, or with `release(error)` after a failure, so the pool
 * discards a connection that may be broken.
 */
export interface PostgresPoolClient {
  /**
   * Runs `query` and answers through `callback` (`pg`'s callback form, which the store uses: with
   * `pg` 8 the promise form keeps every page's rows alive past V8's young-generation collections,
   * and the process grows while a trace is paged). A client that ignores the callback and returns
   * a promise instead is answered by that promise.
   */
  query(query: PostgresQuery, callback: PostgresQueryCallback): unknown;
  release(error?: Error | boolean): void;
  /**
   * `pg`'s event emitter: while the store holds the connection it listens for `error`, so a
   * connection lost between two of its statements fails the next one instead of crashing the
   * process with an unhandled `error` event.
   */
  on?(event: 'error', listener: (error: Error) => void): unknown;
  removeListener?(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * The App's connection pool: a `pg` 8 `Pool` (`new Pool({ connectionString })`), or anything with
 * the same `connect()`. The store only checks connections out and back in; it never ends the pool.
 */
export interface PostgresPool {
  connect(): Promise<PostgresPoolClient>;
}
