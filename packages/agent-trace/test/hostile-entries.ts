import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { appSignal, type HostileEntry } from '../../agent-types/test/hostile-entry.js';
import { createFileLogStore } from '../src/file/create-file-log-store.js';

const fresh = <TValue>(make: () => TValue): fc.Arbitrary<TValue> => fc.constant(null).map(make);

/*
 * A sandbox: the stores write under it, and it is the working directory, so that a hostile
 * directory option that happens to be a relative path lands in it too.
 */
const sandbox = mkdtempSync(join(tmpdir(), 'hostile-trace-'));
process.chdir(sandbox);
process.on('exit', () => {
  rmSync(sandbox, { recursive: true, force: true });
});

let stores = 0;

const storeOptions = fc.record(
  {
    directory: fresh(() => join(sandbox, `store-${(stores += 1) % 64}`)),
    maxRecordBytes: fc.integer({ min: 256, max: 64 * 1024 }),
    maxQueuedBytes: fc.constant(1024 * 1024),
    onError: fresh(() => () => undefined),
  },
  { requiredKeys: ['directory'] },
);

/** The public entry points of agent-trace, each with valid argument lists. */
export const traceHostileEntries: readonly HostileEntry[] = [
  {
    name: 'createFileLogStore + record/read',
    valid: fc.constantFrom('order-7', 'run-1', 'a.b_c-d').chain((traceId) =>
      fc.tuple(
        storeOptions,
        fc.constant(traceId),
        fc.constantFrom('checkout', 'reply'),
        fc.constantFrom('payment.failed', 'model.start'),
        fc.record({ provider: fc.constant('card'), status: fc.integer({ min: 100, max: 599 }), note: fc.string({ maxLength: 20 }) }),
        fresh(() => ({ traceId, limit: 10, signal: appSignal(), types: ['payment.failed', 'model.start'] })),
      ),
    ),
    run: async ([options, traceId, name, type, data, read]) => {
      const store = createFileLogStore(options as never);
      try {
        const log = store.open(traceId as never, name as never);
        log.record(type as never, data as never);
        await store.flush();
        return await store.reader.read(read as never);
      } finally {
        await store.close();
      }
    },
  },
];
