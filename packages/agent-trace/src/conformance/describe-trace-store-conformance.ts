import { conformanceTest } from './conformance-context.js';
import { cursorPart } from './cursor-part.js';
import { faultPart } from './fault-part.js';
import { listingPart } from './listing-part.js';
import { prunePart } from './prune-part.js';
import { readingPart } from './reading-part.js';
import { shutdownPart } from './shutdown-part.js';
import { parseTraceStoreConformanceOptions } from './trace-store-conformance-options-schema.js';
import type { TraceStoreConformanceOptions, TraceStoreSubject } from './trace-store-subject.js';
import { writingPart } from './writing-part.js';

/**
 * Registers the conformance suite of the `TraceStore` contract with the App's test functions:
 * every store (the file store, a PostgreSQL store, an App's own) runs the same tests. Each test
 * gets a fresh subject from `options.subject()` and disposes it. The kit imports no test
 * framework and no Node built-in; its failures are `ConformanceFailure` errors saying what was
 * expected and what the store did.
 *
 * It covers: writing (records, flow starts, seq consecutive from 0, call order under concurrent
 * flows and traces, refusals that take no seq, restart), reading (read-your-writes, paging equal
 * to one big read at every limit, type filters, cursors that go on into records appended later,
 * missing traces, no record of another trace, malformed requests, abort), cursors (altered,
 * garbage, of another trace, of another store, of a pruned trace: `INPUT_INVALID`), listing
 * (every trace once in order of trace id at every page size, unflushed traces, keyset cursors,
 * tampered cursors and requests), prune (by size, by age, least recently written first, never a
 * record waiting to be written, malformed options), shutdown (flush on close, `LOG_FAILED` after,
 * idempotent close), and, with the capabilities of the options, torn writes, a crashed writer,
 * several processes writing one trace, and stored records damaged (`LOG_FAILED`, never skipped).
 *
 * @throws AgentCoreError `CONFIG_INVALID` naming the field when `options` are not the kit's
 * options (`TraceStoreConformanceOptionsSchema`): a missing test function, a misspelt capability.
 *
 * @example
 * import { describe, it } from 'vitest';
 * import { describeTraceStoreConformance } from '@jangts/agent-trace/conformance';
 *
 * describeTraceStoreConformance({ name: 'my store', describe, it, subject: async () => {
 *   const storage = await createEmptyStorage();
 *   return { store: openMyStore(storage), reopen: async () => openMyStore(storage), dispose: () => storage.drop() };
 * } });
 */
export function describeTraceStoreConformance<TSubject extends TraceStoreSubject>(given: TraceStoreConformanceOptions<TSubject>): void {
  const options = parseTraceStoreConformanceOptions(given);
  const test = conformanceTest(options);
  const parts = { writing: writingPart, reading: readingPart, cursors: cursorPart, listing: listingPart, prune: prunePart, shutdown: shutdownPart, faults: faultPart };
  options.describe(`${options.name}: TraceStore conformance`, () => {
    for (const [name, part] of Object.entries(parts)) {
      options.describe(name, () => {
        part(test, options);
      });
    }
  });
}
