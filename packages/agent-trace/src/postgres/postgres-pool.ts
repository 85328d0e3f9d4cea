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

/**
 * A connection checked out of the App's pool: `pg`'s `PoolClient`. The store runs a transaction
 * on it and gives it back with `release()`, or with `release(error)` after a failure, so the pool
 * discards a connection that may be broken.
 */
export interface PostgresPoolClient {
  query(query: PostgresQuery): Promise<PostgresQueryResult>;
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
