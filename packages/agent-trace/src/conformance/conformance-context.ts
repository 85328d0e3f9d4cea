import type { LogPage, LogRecord } from '@jangts/agent-types';
import type { TraceReader, TraceStore, TraceSummary } from '../trace-store.js';
import { check } from './conformance-assert.js';
import type { ConformanceTestBody, TraceStoreConformanceOptions, TraceStoreSubject } from './trace-store-subject.js';

/** What a test of the kit works with: its subject, the store open now, and a second subject when it asks for one. */
export interface ConformanceContext<TSubject extends TraceStoreSubject> {
  readonly subject: TSubject;
  /** The store open now (the subject's, or the one the last {@link ConformanceContext.restart} opened). */
  readonly store: TraceStore;
  /** Closes the store open now and opens the subject's storage again, as a restarted process would. */
  readonly restart: () => Promise<TraceStore>;
  /** A second, independent subject (other storage), disposed with the first. */
  readonly another: () => Promise<TSubject>;
}

/** The kit's way to register a test: `body` gets a fresh subject, disposed afterwards whatever happens; skipped when `runs` is false. */
export type ConformanceTest<TSubject extends TraceStoreSubject> = (name: string, body: (context: ConformanceContext<TSubject>) => Promise<void>, runs?: boolean) => void;

/** Registers the tests of one part of the kit. */
export type ConformancePart = <TSubject extends TraceStoreSubject>(test: ConformanceTest<TSubject>, options: TraceStoreConformanceOptions<TSubject>) => void;

/** The {@link ConformanceTest} of `options`. */
export function conformanceTest<TSubject extends TraceStoreSubject>(options: TraceStoreConformanceOptions<TSubject>): ConformanceTest<TSubject> {
  return (name, body, runs = true) => {
    const run: ConformanceTestBody = async () => {
      const first = await options.subject();
      const subjects: TSubject[] = [first];
      let store = first.store;
      const context: ConformanceContext<TSubject> = {
        subject: first,
        get store() {
          return store;
        },
        restart: async () => {
          await store.close();
          store = await first.reopen();
          return store;
        },
        another: async () => {
          const other = await options.subject();
          subjects.push(other);
          return other;
        },
      };
      try {
        await body(context);
      } finally {
        for (const subject of subjects) await subject.dispose();
      }
    };
    if (runs) options.it(name, run);
    else options.it.skip?.(name, run);
  };
}

/** A signal that never fires. */
export function quietSignal(): AbortSignal {
  return new AbortController().signal;
}

/**
 * Every page of a trace, from the start, `limit` records at a time, checking the page contract
 * on the way: at most `limit` records, `complete` only on the last page and only without gaps.
 */
export async function readAllPages(reader: TraceReader, traceId: string, limit: number, types?: readonly string[]): Promise<{ records: LogRecord[]; pages: LogPage[] }> {
  const records: LogRecord[] = [];
  const pages: LogPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await reader.read({ traceId, limit, signal: quietSignal(), types, cursor });
    check(page.records.length <= limit, `a page of ${traceId} holds at most limit (${limit}) records`, page.records.length);
    check(!page.complete || (page.cursor === undefined && page.gaps.length === 0), `a page of ${traceId} is complete only at the end and without gaps`, page);
    pages.push(page);
    records.push(...page.records);
    cursor = page.cursor;
    check(pages.length <= 100_000, `paging through ${traceId} ends`);
  } while (cursor !== undefined);
  return { records, pages };
}

/** Every trace the reader lists, `limit` at a time. */
export async function listAllTraces(reader: TraceReader, limit: number): Promise<TraceSummary[]> {
  const traces: TraceSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await reader.list({ limit, signal: quietSignal(), cursor });
    check(page.traces.length <= limit, `a list page holds at most limit (${limit}) traces`, page.traces.length);
    traces.push(...page.traces);
    cursor = page.cursor;
    check(traces.length <= 1_000_000, 'listing ends');
  } while (cursor !== undefined);
  return traces;
}

/** Resolves once `condition` holds, looking every 20 ms (a wait for the clock, never for the machine's speed). */
export async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The seq of each record, in order. */
export const seqs = (records: readonly LogRecord[]): number[] => records.map((record) => record.seq);

/** `0, 1, …, count - 1`. */
export const upTo = (count: number): number[] => Array.from({ length: count }, (_, index) => index);

/** Writes `count` records of types `type-0` … `type-<kinds - 1>` (round robin, data `{ index }`) into one root flow of `traceId`. */
export async function writeTrace(store: TraceStore, traceId: string, count: number, kinds = 3): Promise<void> {
  const log = store.open(traceId);
  for (let index = 0; index < count; index += 1) log.record(`type-${index % kinds}`, { index });
  await store.flush();
}
