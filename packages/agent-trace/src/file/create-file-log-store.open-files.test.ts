import type * as fsPromises from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { MAX_OPEN_APPENDS } from './trace-writer-pool.js';
import { useTemporaryLogStores } from './testing/use-temporary-log-stores.js';

/** Trace files open right now, and the most open at once, counted on the real `open`. */
const files = vi.hoisted(() => ({ open: 0, most: 0 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsPromises>();
  const open = async (...args: Parameters<typeof real.open>): Promise<FileHandle> => {
    const handle = await real.open(...args);
    if (String(args[0]).endsWith('.jsonl')) {
      files.open += 1;
      files.most = Math.max(files.most, files.open);
      const close = handle.close.bind(handle);
      handle.close = async () => {
        files.open -= 1;
        await close();
      };
    }
    return handle;
  };
  return { ...real, open, default: { ...real, open } };
});

const { temporaryDirectory, storeIn } = useTemporaryLogStores('agent-log-store-open-');

describe('createFileLogStore with many traces at once', () => {
  it(`holds at most ${MAX_OPEN_APPENDS} trace files open, and loses no record`, async () => {
    // One drain per trace, all started in one tick: before, each opened its file at once, and a
    // burst of 1,500 traces lost 1,008 records to EMFILE under `ulimit -n 1024`.
    const directory = await temporaryDirectory();
    const store = storeIn(directory);
    const failures: unknown[] = [];
    const traces = 600;
    for (let index = 0; index < traces; index++) store.open(`trace-${index}`, 'main').record('step', { index });
    await store.flush().catch((error: unknown) => failures.push(error));
    expect(failures).toEqual([]);
    expect(files.most).toBeGreaterThan(1);
    expect(files.most).toBeLessThanOrEqual(MAX_OPEN_APPENDS);
    for (const index of [0, 299, 599]) {
      const page = await store.reader.read({ traceId: `trace-${index}`, limit: 10, signal: new AbortController().signal });
      expect(page.records.at(-1)?.data).toEqual({ index });
    }
  });
});
