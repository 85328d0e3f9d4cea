import { readFile, stat, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createPendingRecord, createRecordHead } from './pending-record.js';
import { removeIdleTraceFile } from './remove-idle-trace-file.js';
import { TraceWriterPool } from './trace-writer-pool.js';
import { useTemporaryLogStores } from './testing/use-temporary-log-stores.js';

const { temporaryDirectory } = useTemporaryLogStores('agent-log-remove-');

async function temporaryPool(): Promise<TraceWriterPool> {
  return new TraceWriterPool(await temporaryDirectory(), (error) => {
    throw error;
  });
}

const record = createPendingRecord(createRecordHead('run-1', 'f'), '2024-01-01T00:00:00.000Z', 'late', undefined);

describe('removeIdleTraceFile', () => {
  it('keeps a trace whose records were queued while the removal waited its turn', async () => {
    const pool = await temporaryPool();
    await writeFile(pool.filePath('run-1'), '');
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const busy = pool.withTrace('run-1', () => gate);
    const removal = pool.withTrace('run-1', (writer) => removeIdleTraceFile(writer, { bytes: 0, modifiedMs: Number.NaN }));
    pool.enqueue('run-1', record);
    release();
    await busy;
    expect(await removal).toBe(false);
    await pool.settled();
    expect(await readFile(pool.filePath('run-1'), 'utf8')).toContain('"type":"late"');
  });

  it('keeps a trace written since it was listed', async () => {
    const pool = await temporaryPool();
    pool.enqueue('run-1', record);
    await pool.settled();
    const listed = await stat(pool.filePath('run-1'));
    pool.enqueue('run-1', record);
    await pool.settled();
    expect(await pool.withTrace('run-1', (writer) => removeIdleTraceFile(writer, { bytes: listed.size, modifiedMs: listed.mtimeMs }))).toBe(false);
    expect((await readFile(pool.filePath('run-1'), 'utf8')).split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('deletes an idle trace, and the next record starts a new file at seq 0', async () => {
    const pool = await temporaryPool();
    pool.enqueue('run-1', record);
    pool.enqueue('run-1', record);
    await pool.settled();
    const listed = await stat(pool.filePath('run-1'));
    const asListed = { bytes: listed.size, modifiedMs: listed.mtimeMs };
    expect(await pool.withTrace('run-1', (writer) => removeIdleTraceFile(writer, asListed))).toBe(true);
    expect(await pool.withTrace('run-1', (writer) => removeIdleTraceFile(writer, asListed))).toBe(true);
    pool.enqueue('run-1', record);
    await pool.settled();
    expect(await readFile(pool.filePath('run-1'), 'utf8')).toMatch(/^\{"traceId":"run-1","flowId":"f","seq":0,/);
  });
});
