import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LogRecord } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { runLogStoreChild } from './testing/run-log-store-child.js';
import { useTemporaryLogStores } from './testing/use-temporary-log-stores.js';

const { temporaryDirectory } = useTemporaryLogStores('agent-log-short-write-');

// `ulimit -f` needs a POSIX shell. A child process compiles the sources with tsx first: give
// it time on a loaded machine.
describe.skipIf(process.platform === 'win32')('createFileLogStore when the disk fills mid-write', { timeout: 300_000 }, () => {
  it('reports exactly the records that are not in the file, and leaves no torn line behind', async () => {
    // The kernel cuts the batch's write short at the file size limit (64 KiB), then refuses the
    // rest (EFBIG), as on a full disk. Before, the whole batch was reported lost while the
    // records of the short write were in the file, the last of them torn.
    const directory = await temporaryDirectory();
    const result = await runLogStoreChild({ directory, traceId: 'full', writer: 'w', records: 400, payloadChars: 300, mode: 'lossy' }, 128);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const { recorded, lostRecords } = JSON.parse(result.stdout) as { recorded: number; lostRecords: number };
    const text = await readFile(join(directory, 'full.jsonl'), 'utf8');
    expect(text.length).toBeGreaterThan(0);
    expect(text.endsWith('\n')).toBe(true);
    const records = text.slice(0, -1).split('\n').map((line) => JSON.parse(line) as LogRecord);
    expect(records.length).toBeGreaterThan(100);
    expect(lostRecords).toBeGreaterThan(0);
    expect(records.length + lostRecords).toBe(recorded);
    expect(records.map((record) => record.seq)).toEqual(records.map((_, index) => index));
  });
});
