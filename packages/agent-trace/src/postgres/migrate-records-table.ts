import { foreignTableError } from '../errors.js';
import { inLockedTransaction } from './postgres-connection.js';
import { queryFailure } from './postgres-failure.js';
import type { PostgresPool } from './postgres-pool.js';
import { RECORDS_TABLE_COMMENT, type RecordsTableSql } from './records-table.js';

/**
 * Creates the records table and its key unless it exists, in one transaction under an advisory
 * lock of its own (so App instances migrating at once do not race), and comments it as ours. A
 * table of that name without our comment is not touched: `CONFIG_INVALID` (field `table`).
 */
export async function migrateRecordsTable(pool: PostgresPool, sql: RecordsTableSql): Promise<void> {
  try {
    await inLockedTransaction(pool, sql.lock, `agent-trace migrate\n${sql.table}`, async (query) => {
      const [[exists, comment] = []] = await query(sql.comment, [sql.table]);
      if (exists === 't') {
        if (comment !== RECORDS_TABLE_COMMENT) throw foreignTableError(sql.table);
        return;
      }
      for (const statement of sql.create) await query(statement);
    });
  } catch (error) {
    throw queryFailure(error, sql.table, `could not migrate table "${sql.table}"`);
  }
}
