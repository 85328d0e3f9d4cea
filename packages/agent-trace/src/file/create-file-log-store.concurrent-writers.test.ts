import { readdir } from 'node:fs/promises';
import type { LogRecord } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import type { FileLogStore } from './file-log-store.js';
import { runLogStoreChild } from './testing/run-log-store-child.js';
import { useTemporaryLogStores } from './testing/use-temporary-log-stores.js';

const { temporaryDirectory, storeIn } = useTemporaryLogStores('agent-log-writers-');
const signal = new AbortController().signal;

async function readAll(store: FileLogStore, traceId: string): Promise<LogRecord[]> {
  const records: LogRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.reader.read({ traceId, limit: 500, signal, ...(cursor === undefined ? {} : { cursor }) });
    expect(page.gaps).toEqual([]);
    records.push(...page.records);
    cursor = page.cursor;
  } while (cursor !== undefined);
  return records;
}

// Child processes compile the sources with tsx first: give them time on a loaded machine.
describe('createFileLogStore with several processes writing one trace', { timeout: 300_000 }, () => {
  it('keeps seq unique and increasing, loses nothing and keeps each flow in order', async () => {
    // Before, each process continued the sequence it found when it first opened the file: the
    // four writers reused each other's numbers (a reflection then failed PAGE_INVALID).
    const directory = await temporaryDirectory();
    const writers = ['w0', 'w1', 'w2', 'w3'];
    const perWriter = 1500;
    const results = await Promise.all(
      writers.map((writer) => runLogStoreChild({ directory, traceId: 'shared', writer, records: perWriter, flows: 3, payloadChars: 40, mode: 'append' })),
    );
    for (const result of results) {
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ lostRecords: 0 });
    }
    expect(await readdir(directory)).toEqual(['shared.jsonl']); // every lock released
    const records = await readAll(storeIn(directory), 'shared');
    expect(records).toHaveLength(writers.length * (perWriter + 3));
    expect(records.map((record) => record.seq)).toEqual(records.map((_, index) => index));
    const flowIds = results.flatMap((result) => (JSON.parse(result.stdout) as { flowIds: string[] }).flowIds);
    for (const writer of writers) {
      const steps = records.filter((record) => record.type === 'step' && record.data?.writer === writer);
      expect(steps.map((record) => record.data?.index)).toEqual(Array.from({ length: perWriter }, (_, index) => index));
      for (let flow = 0; flow < 3; flow += 1) {
        const ofFlow = steps.filter((record) => record.data?.flow === flow);
        expect(new Set(ofFlow.map((record) => record.flowId)).size).toBe(1);
        expect(flowIds).toContain(ofFlow[0]?.flowId);
      }
    }
  });
});
