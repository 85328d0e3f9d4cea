import { AgentCoreError } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPostgresTraceStore } from './create-postgres-trace-store.js';
import type { PostgresPool } from './postgres-pool.js';
import type { PostgresTraceStoreOptions } from './postgres-trace-store-options.js';

/** A pool that is never asked for a connection by these tests (the options are refused first, or nothing is written). */
const pool: PostgresPool = {
  connect: () => Promise.reject(new Error('not used')),
};

function refusal(options: unknown): AgentCoreError {
  try {
    createPostgresTraceStore(options as PostgresTraceStoreOptions);
  } catch (error) {
    if (AgentCoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(options)}`);
}

describe('createPostgresTraceStore options', () => {
  it('accepts a pool alone, and every option within its range', async () => {
    const store = createPostgresTraceStore({ pool });
    expect(store.table).toBe('agent_trace_records');
    const tuned = createPostgresTraceStore({ pool, table: 'traces.agent_records_2', maxRecordBytes: 256, maxQueuedBytes: 256, maxScanRecordsPerPage: 100, writeAttempts: 10, onError: () => undefined });
    expect(tuned.table).toBe('traces.agent_records_2');
    await Promise.all([store.close(), tuned.close()]);
  });

  it.each([
    [undefined, 'options', 'type'],
    ['postgres://localhost/db', 'options', 'misuse'],
    [pool, 'options', 'misuse'],
    [{}, 'pool', 'required'],
    [{ pool: {} }, 'pool.connect', 'required'],
    [{ pool: { connect: 'yes' } }, 'pool.connect', undefined],
    [{ pool, table: 'Records' }, 'table', 'pattern'],
    [{ pool, table: 'records; DROP TABLE users' }, 'table', 'pattern'],
    [{ pool, table: '"quoted"' }, 'table', 'pattern'],
    [{ pool, table: 'a.b.c' }, 'table', 'pattern'],
    [{ pool, table: 'x'.repeat(64) }, 'table', 'pattern'],
    [{ pool, table: '' }, 'table', 'pattern'],
    [{ pool, maxRecordBytes: 255 }, 'maxRecordBytes', 'range'],
    [{ pool, maxRecordBytes: 1024 * 1024 + 1 }, 'maxRecordBytes', 'range'],
    [{ pool, maxQueuedBytes: 1000 }, 'maxQueuedBytes', 'range'],
    [{ pool, maxScanRecordsPerPage: 99 }, 'maxScanRecordsPerPage', 'range'],
    [{ pool, writeAttempts: 0 }, 'writeAttempts', 'range'],
    [{ pool, writeAttempts: 1.5 }, 'writeAttempts', undefined],
    [{ pool, onError: 'log' }, 'onError', undefined],
    [{ pool, tabel: 'x' }, 'tabel', 'unknown'],
  ])('refuses %j with CONFIG_INVALID naming %s', (options, field, rule) => {
    const error = refusal(options);
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toMatch(/^createPostgresTraceStore options: /);
    expect(error.details.field).toBe(field);
    if (rule !== undefined) expect(error.details.rule).toBe(rule);
  });

  it('says how to pass a pool given in place of the options, and suggests the option meant', () => {
    expect(refusal(pool).message).toContain('createPostgresTraceStore({ pool })');
    expect(refusal({ pool, tabel: 'x' }).details.suggestion).toBe('table');
  });

  it('takes only lower-case SQL names, plain or schema-qualified, as the table (property)', () => {
    const name = /^(?:[a-z_][a-z0-9_]{0,62}\.)?[a-z_][a-z0-9_]{0,62}$/;
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), fc.stringMatching(name)), (table) => {
        let accepted = true;
        try {
          void createPostgresTraceStore({ pool, table }).close();
        } catch (error) {
          expect(AgentCoreError.isInstance(error) && error.code === 'CONFIG_INVALID' && error.details.field === 'table').toBe(true);
          accepted = false;
        }
        expect(accepted).toBe(name.test(table));
      }),
      { numRuns: 500 },
    );
  });

  it('binds the methods of a class-instance pool to it', async () => {
    class CountingPool {
      calls = 0;
      connect(): Promise<never> {
        this.calls += 1;
        return Promise.reject(new Error('down'));
      }
    }
    const counting = new CountingPool();
    const store = createPostgresTraceStore({ pool: counting, writeAttempts: 1 });
    store.open('bound').record('a');
    await expect(store.flush()).rejects.toMatchObject({ code: 'LOG_FAILED', details: { lostRecords: 2 } });
    expect(counting.calls).toBe(1);
    await store.close();
  });
});
