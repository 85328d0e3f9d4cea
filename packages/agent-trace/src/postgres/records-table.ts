/** The comment `migrate()` puts on the table it creates, by which it recognises it again. */
export const RECORDS_TABLE_COMMENT = 'agent-trace records, schema 1';

/** `column` (a `timestamptz`) as `LogRecord` writes `at`: ISO 8601 in UTC with milliseconds. */
const atText = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The SQL of one records table (`table` is checked by the options schema: lower-case SQL names, so
 * quoting each part is all it needs). Every value is a bound parameter. The key of a trace's lock,
 * `hashtextextended('<table>' || E'\n' || trace_id, 0)`, is the same for every store on the table.
 */
export interface RecordsTableSql {
  /** The table as given, for messages. */
  readonly table: string;
  /** The key of a trace's advisory lock: `$1` is `lockName(traceId)`. */
  lockName(traceId: string): string;
  /** Takes the trace's advisory lock until the transaction ends (`$1` the lock name). */
  readonly lock: string;
  /** Whether the table exists, and its comment (`$1` the table). */
  readonly comment: string;
  /** Creates the table and its key, unless it exists; then comments it. */
  readonly create: readonly string[];
  /** Inserts one batch after the last record of the trace; returns its first seq and the rows written. */
  readonly insert: string;
  /** The row at one seq of a trace: its flow id, type and `at` (whether a batch whose commit went unanswered landed). */
  readonly rowAt: string;
  /** One page of a trace (see `readTracePage`). */
  readonly page: string;
  /** Traces after `$1` in order of trace id, at most `$2`, each with its last record's `at`, `seq` and running size. */
  readonly traces: string;
  /** Deletes a trace if its last record is still `$2`; returns the rows deleted. */
  readonly deleteTrace: string;
}

/** `"schema"."table"` for `schema.table`. */
function quoted(table: string): string {
  return table
    .split('.')
    .map((part) => `"${part}"`)
    .join('.');
}

/** The statements of the records table `table`. */
export function recordsTableSql(table: string): RecordsTableSql {
  const name = quoted(table);
  return {
    table,
    lockName: (traceId) => `${table}\n${traceId}`,
    lock: 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))',
    comment: `SELECT to_regclass($1) IS NOT NULL, obj_description(to_regclass($1), 'pg_class')`,
    create: [
      `CREATE TABLE IF NOT EXISTS ${name} (
        trace_id text COLLATE "C" NOT NULL,
        seq bigint NOT NULL,
        flow_id text NOT NULL,
        at timestamptz NOT NULL,
        type text NOT NULL,
        data json,
        trace_bytes bigint NOT NULL,
        PRIMARY KEY (trace_id, seq)
      )`,
      `COMMENT ON TABLE ${name} IS '${RECORDS_TABLE_COMMENT}'`,
    ],
    insert: `WITH last AS (
        SELECT seq, trace_bytes FROM ${name} WHERE trace_id = $1 ORDER BY seq DESC LIMIT 1
      ), base AS (
        SELECT coalesce((SELECT seq FROM last), -1) + 1 AS seq, coalesce((SELECT trace_bytes FROM last), 0) AS bytes
      ), inserted AS (
        INSERT INTO ${name} (trace_id, seq, flow_id, at, type, data, trace_bytes)
        SELECT $1, base.seq + r.n - 1, r.flow_id, r.at, r.type, r.data, base.bytes + r.bytes
        FROM base, unnest($2::text[], $3::timestamptz[], $4::text[], $5::json[], $6::bigint[]) WITH ORDINALITY AS r(flow_id, at, type, data, bytes, n)
        RETURNING 1
      )
      SELECT (SELECT seq FROM base), (SELECT count(*) FROM inserted)`,
    rowAt: `SELECT flow_id, type, ${atText('at')} FROM ${name} WHERE trace_id = $1 AND seq = $2`,
    // $1 trace, $2 the seq the page starts after (the lowest bigint from the start, so a row with a
    // negative seq is seen), $3 the types wanted (null: all), $4 rows to look at, $5 rows to
    // return, $6 the seq before the page (-1 from the start). One statement, so one snapshot: the
    // anchor (the flow of seq 0, which a cursor is bound to) and the rows. `step` is each row's seq
    // minus the one before it (1 unless a row was removed or edited); a row is returned when it is
    // wanted, when its step is not 1, or when it is the last row looked at; `looked` is how many were.
    page: `WITH looked AS (
        SELECT seq, flow_id, at, type, data FROM ${name} WHERE trace_id = $1 AND seq > $2 ORDER BY seq LIMIT $4
      ), marked AS (
        SELECT seq, flow_id, at, type, data,
          seq - lag(seq, 1, $6::bigint) OVER (ORDER BY seq) AS step,
          ($3::text[] IS NULL OR type = ANY($3::text[])) AS wanted,
          seq = max(seq) OVER () AS last,
          count(*) OVER () AS looked
        FROM looked
      ), kept AS (
        SELECT * FROM marked WHERE wanted OR step <> 1 OR last ORDER BY seq LIMIT $5
      )
      SELECT (SELECT flow_id FROM ${name} WHERE trace_id = $1 AND seq = 0), kept.seq, kept.flow_id, ${atText('kept.at')}, kept.type,
        CASE WHEN kept.wanted THEN kept.data END, kept.step, kept.wanted, kept.last, kept.looked
      FROM (SELECT 1) AS anchor LEFT JOIN kept ON true
      ORDER BY kept.seq`,
    traces: `WITH RECURSIVE ids (trace_id) AS (
        SELECT min(trace_id) FROM ${name} WHERE trace_id > $1
        UNION ALL
        SELECT (SELECT min(next.trace_id) FROM ${name} AS next WHERE next.trace_id > ids.trace_id) FROM ids WHERE ids.trace_id IS NOT NULL
      )
      SELECT ids.trace_id, ${atText('last.at')}, last.seq, last.trace_bytes
      FROM ids CROSS JOIN LATERAL (
        SELECT at, seq, trace_bytes FROM ${name} AS record WHERE record.trace_id = ids.trace_id ORDER BY seq DESC LIMIT 1
      ) AS last
      WHERE ids.trace_id IS NOT NULL
      LIMIT $2`,
    deleteTrace: `WITH deleted AS (
        DELETE FROM ${name} WHERE trace_id = $1
          AND EXISTS (SELECT 1 FROM ${name} WHERE trace_id = $1 AND seq = $2)
          AND NOT EXISTS (SELECT 1 FROM ${name} WHERE trace_id = $1 AND seq > $2)
        RETURNING 1
      )
      SELECT count(*) FROM deleted`,
  };
}
