import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type * as listTraceFilesModule from './list-trace-files.js';
import { useTemporaryLogStores } from './testing/use-temporary-log-stores.js';

/** Listing waits until the store's queued writes are on disk: the order a loaded machine may give. */
const listing = vi.hoisted(() => ({ before: async (): Promise<void> => undefined }));

vi.mock('./list-trace-files.js', async (importOriginal) => {
  const real = await importOriginal<typeof listTraceFilesModule>();
  return {
    ...real,
    listTraceFiles: async (directory: string) => {
      await listing.before();
      return real.listTraceFiles(directory);
    },
  };
});

const { temporaryStore } = useTemporaryLogStores('agent-log-prune-race-');

describe('FileLogStore.prune racing queued records', () => {
  it('keeps records queued when prune was asked for even when they are written before the files are listed', async () => {
    // Before, a trace busy when prune was asked for but idle by the time it was listed was judged
    // on its new file: `maxTotalBytes: 0` deleted the 500 records just written.
    const store = await temporaryStore();
    const log = store.open('trace-0');
    for (let index = 0; index < 500; index += 1) log.record('fresh', { index });
    listing.before = () => store.flush();
    try {
      const result = await store.prune({ maxTotalBytes: 0 });
      await store.flush();
      const text = await readFile(join(store.directory, 'trace-0.jsonl'), 'utf8');
      expect(result).toEqual({ deleted: [], skipped: ['trace-0'], deletedBytes: 0, remainingBytes: Buffer.byteLength(text) });
      expect(text.split('\n').filter((line) => line.includes('"type":"fresh"'))).toHaveLength(500);
    } finally {
      listing.before = async () => undefined;
    }
  });
});
