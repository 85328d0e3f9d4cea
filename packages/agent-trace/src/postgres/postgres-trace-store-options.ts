import type { AgentCoreError } from '@jangts/agent-types';
import * as Type from '@jangts/agent-types/internal/type';
import { live, parser, rule } from '@jangts/agent-types/internal';
import { POSTGRES_TRACE_STORE_OPTIONS_DOOR } from '../doors.js';
import type { PostgresPool } from './postgres-pool.js';

/** Options of `createPostgresTraceStore`; see {@link PostgresTraceStoreOptionsSchema} for what is refused (`CONFIG_INVALID`). */
export interface PostgresTraceStoreOptions {
  /**
   * The App's connection pool (`new Pool({ connectionString })` of `pg` 8). The store checks
   * connections out for each write batch and each read, and never ends the pool: that is the
   * App's, after `close()`.
   */
  readonly pool: PostgresPool;
  /**
   * The table of records, optionally schema-qualified (`traces.agent_records`): lower-case
   * letters, digits and `_`, starting with a letter or `_`, at most 63 characters a part. It is
   * created by `migrate()`, never implicitly. Default `agent_trace_records`.
   */
  readonly table?: string | undefined;
  /**
   * Largest record in UTF-8 bytes, counted as its JSON line with the widest sequence number (as
   * the file store counts it); a larger record is refused by `record()` with `INPUT_INVALID`.
   * 256 to 1 MiB; default 64 KiB.
   */
  readonly maxRecordBytes?: number | undefined;
  /**
   * Most bytes of records queued and not yet written, across all traces. Past it `record()`
   * throws `LOG_FAILED` rather than grow memory without bound: a tight loop should
   * `await flush()` now and then. At least `maxRecordBytes`; default 64 MiB.
   */
  readonly maxQueuedBytes?: number | undefined;
  /**
   * Most rows one `read` with a type filter looks at (100 to 1,000,000; default 10,000): such a
   * page may hold fewer than `limit` records (even none) and still carry a cursor, so each page
   * stays bounded however rare the types asked for are.
   */
  readonly maxScanRecordsPerPage?: number | undefined;
  /**
   * How many times a write batch is tried before its records are reported lost (1 to 10; default
   * 3): a dropped connection, a deadlock or a serialization failure is tried again on another
   * connection; an error that would only repeat (no table: `migrate()` was not called; no
   * permission) is not.
   */
  readonly writeAttempts?: number | undefined;
  /**
   * Called with each write failure (`LOG_FAILED`, details `traceId`, `lostRecords`, `attempts`),
   * as it happens. The failures are also reported by the next `flush()` or `close()`.
   */
  readonly onError?: ((error: AgentCoreError) => void) | undefined;
}

/** Default of {@link PostgresTraceStoreOptions.table}. */
export const DEFAULT_RECORDS_TABLE = 'agent_trace_records';

/** Default of {@link PostgresTraceStoreOptions.maxRecordBytes}: 64 KiB. */
const DEFAULT_MAX_RECORD_BYTES = 64 * 1024;

/** Highest {@link PostgresTraceStoreOptions.maxRecordBytes}: 1 MiB. */
const MAX_RECORD_BYTES = 1024 * 1024;

const Integer = (minimum: number, maximum: number) => Type.Optional(Type.Integer({ minimum, maximum }));

/**
 * Schema of {@link PostgresTraceStoreOptions}: `pool` an object with a `connect()` method (a
 * `pg` `Pool`); `table` a plain or schema-qualified lower-case SQL name; `maxRecordBytes` 256 to
 * 1 MiB; `maxQueuedBytes` at least `maxRecordBytes`; `maxScanRecordsPerPage` 100 to 1,000,000;
 * `writeAttempts` 1 to 10; `onError` a function; no other key.
 */
export const PostgresTraceStoreOptionsSchema = rule(
  Type.Object(
    {
      pool: live<PostgresPool>('a pg Pool (an object with a connect() method)', Type.Object({ connect: Type.Function([], Type.Unknown()) })),
      table: Type.Optional(Type.String({ pattern: '^(?:[a-z_][a-z0-9_]{0,62}\\.)?[a-z_][a-z0-9_]{0,62}$', maxLength: 127 })),
      maxRecordBytes: Integer(256, MAX_RECORD_BYTES),
      maxQueuedBytes: Integer(256, Number.MAX_SAFE_INTEGER),
      maxScanRecordsPerPage: Integer(100, 1_000_000),
      writeAttempts: Integer(1, 10),
      onError: Type.Optional(Type.Function([Type.Unsafe<AgentCoreError>({})], Type.Void())),
    },
    { additionalProperties: false },
  ),
  ({ maxRecordBytes = DEFAULT_MAX_RECORD_BYTES, maxQueuedBytes }) =>
    maxQueuedBytes !== undefined && maxQueuedBytes < maxRecordBytes
      ? { path: ['maxQueuedBytes'], rule: 'range', problem: `must be at least maxRecordBytes (${maxRecordBytes}) (got ${maxQueuedBytes})`, limit: maxRecordBytes, actual: maxQueuedBytes }
      : undefined,
);

/** Options of a store with defaults applied. */
export interface ParsedPostgresTraceStoreOptions {
  readonly pool: PostgresPool;
  readonly table: string;
  readonly maxRecordBytes: number;
  readonly maxQueuedBytes: number;
  readonly maxScanRecordsPerPage: number;
  readonly writeAttempts: number;
  readonly onError: ((error: AgentCoreError) => void) | undefined;
}

const options = /* @__PURE__ */ parser(PostgresTraceStoreOptionsSchema, {
  ...POSTGRES_TRACE_STORE_OPTIONS_DOOR,
  misuse: (value) =>
    typeof value === 'object' && value !== null && !('pool' in value) && 'connect' in value
      ? { rule: 'misuse', problem: 'is a pool: pass it as createPostgresTraceStore({ pool })', expected: 'an options object' }
      : typeof value === 'string'
        ? { rule: 'misuse', problem: 'is a string: pass the App’s pg Pool as createPostgresTraceStore({ pool: new Pool({ connectionString }) })', expected: 'an options object' }
        : undefined,
});

/** The options of `createPostgresTraceStore` through the door, with defaults; `CONFIG_INVALID` naming the option and its range. */
export function parsePostgresTraceStoreOptions(value: unknown): ParsedPostgresTraceStoreOptions {
  const {
    pool,
    table = DEFAULT_RECORDS_TABLE,
    maxRecordBytes = DEFAULT_MAX_RECORD_BYTES,
    maxQueuedBytes = 64 * 1024 * 1024,
    maxScanRecordsPerPage = 10_000,
    writeAttempts = 3,
    onError,
  } = options.parse(value);
  return { pool, table, maxRecordBytes, maxQueuedBytes, maxScanRecordsPerPage, writeAttempts, onError };
}
