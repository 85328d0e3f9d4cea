import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LogRecord } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { runLogStoreChild } from './testing/run-log-store-child.js';
import { useTemporaryLogStores } from './testing/use-temporary-log-stores.js';

const { temporaryDirectory } = useTemporaryLogStores('agent-log-exit-');

// A child process compiles the sources with tsx first: give it time on a loaded machine.
describe('createFileLogStore when the process exits without close()', { timeout: 300_000 }, () => {
  it('writes every record still queued when process.exit() is called', async () => {
    // Before, the records waited for a drain that never ran: 1,000 records, no file.
    const directory = await temporaryDirectory();
    const result = await runLogStoreChild({ directory, traceId: 'exiting', writer: 'w', records: 1000, flows: 2, mode: 'exit' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const text = await readFile(join(directory, 'exiting.jsonl'), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const records = text.slice(0, -1).split('\n').map((line) => JSON.parse(line) as LogRecord);
    expect(records.map((record) => record.seq)).toEqual(records.map((_, index) => index));
    const steps = records.filter((record) => record.type === 'step');
    expect(steps.map((record) => record.data?.index)).toEqual(Array.from({ length: 1000 }, (_, index) => index));
    expect(records.filter((record) => record.type === 'flow.start')).toHaveLength(2);
  });
});
