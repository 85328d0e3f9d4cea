import type { TraceStore } from '../trace-store.js';

/** How a record is damaged in the storage by {@link RecordCorruption.corrupt}, as an edit by hand or a fault could. */
export type RecordDamage =
  /** The stored record is no longer valid JSON (where records are stored as text). */
  | 'json'
  /** Its `seq` is changed so that the order breaks. */
  | 'seq'
  /** It is made a record of another trace (its trace id changed). */
  | 'trace'
  /** It is deleted, leaving a hole in the `seq`. */
  | 'remove'
  /** Its `data` is replaced by JSON that is not an object (a list). */
  | 'data';

/** The capability to damage stored records (see {@link TraceStoreConformanceOptions.corruption}). */
export interface RecordCorruption<TSubject extends TraceStoreSubject> {
  /** The damages this storage can suffer; the kit tests each (and skips the others). */
  readonly damages: readonly RecordDamage[];
  /** Damages the stored record of `traceId` with `seq` in the subject's storage (the records are flushed, the store open). */
  corrupt(subject: TSubject, traceId: string, seq: number, damage: RecordDamage): Promise<void>;
}

/** What {@link TraceStoreConformanceOptions.crashWriter} runs. */
export interface CrashingWriter {
  readonly traceId: string;
  /** Records written and flushed before the crash. */
  readonly flushed: number;
  /** Records recorded after that flush, then kept or lost as the crash falls. */
  readonly unflushed: number;
}

/** What {@link TraceStoreConformanceOptions.writeFromProcesses} runs. */
export interface ConcurrentWriters {
  readonly traceId: string;
  /** Processes writing at once. */
  readonly writers: number;
  /** Records each of them writes. */
  readonly records: number;
}

/**
 * A store under test over fresh, empty storage, as the App's factory makes one for each test of
 * `describeTraceStoreConformance`. A harness may extend it with what its capabilities need (the
 * directory, the connection).
 */
export interface TraceStoreSubject {
  /** The store under test. */
  readonly store: TraceStore;
  /**
   * A new store over the same storage, as a restarted process would open it. The kit closes every
   * store it was given before it calls this.
   */
  reopen(): Promise<TraceStore>;
  /** Closes what is still open (failures ignored) and deletes the storage; called once, at the end of each test. */
  dispose(): Promise<void>;
}

/** A test body of the kit, as the test function receives it. */
export type ConformanceTestBody = () => Promise<void>;

/**
 * The test functions the kit registers its suite with: vitest's or jest's `describe` and `it`
 * (`it.skip`, when there, reports the tests of a missing capability as skipped).
 */
export interface ConformanceTestApi {
  readonly describe: (name: string, body: () => void) => void;
  readonly it: ((name: string, body: ConformanceTestBody) => void) & { readonly skip?: ((name: string, body: ConformanceTestBody) => void) | undefined };
}

/**
 * Options of `describeTraceStoreConformance`. The optional members are capabilities of the store
 * under test: the tests that need a missing one are skipped (reported as skipped where the test
 * function has `skip`).
 */
export interface TraceStoreConformanceOptions<TSubject extends TraceStoreSubject = TraceStoreSubject> extends ConformanceTestApi {
  /** Names the suite: `<name>: TraceStore conformance`. */
  readonly name: string;
  /** A store under test over fresh, empty storage; called once per test (twice for the tests across two stores). */
  readonly subject: () => Promise<TSubject>;
  /**
   * Leaves in the subject's storage what a crash in the middle of writing one more record of
   * `traceId` would leave: part of a record, after every record written so far (the store is flushed).
   */
  readonly tearLastWrite?: ((subject: TSubject, traceId: string) => Promise<void>) | undefined;
  /**
   * Runs a writer of the subject's storage that crashes: in another process (or an instance it
   * then abandons as a killed process would, without close or exit hook), it opens a root flow of
   * `traceId`, records `flushed` records of type `step` whose data holds `index` (0, 1, …), awaits
   * `flush()`, records `unflushed` more (`index` going on), and dies. Resolves once it is gone.
   */
  readonly crashWriter?: ((subject: TSubject, run: CrashingWriter) => Promise<void>) | undefined;
  /**
   * Runs `writers` processes at once over the subject's storage: the i-th (from 0) opens a root flow
   * of `traceId` named `writer-<i>`, records `records` records of type `step` whose data holds
   * `writer` (`writer-<i>`) and `index` (0, 1, …), and closes its store. Resolves once all have
   * exited; rejects when one failed.
   */
  readonly writeFromProcesses?: ((subject: TSubject, run: ConcurrentWriters) => Promise<void>) | undefined;
  /** Damages stored records, as an edit by hand or a fault would. */
  readonly corruption?: RecordCorruption<TSubject> | undefined;
}
