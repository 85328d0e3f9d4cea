/** What one subject measured in one case of a benchmark. */
export interface BenchResult {
  /** Benchmark name, e.g. `context-assembly`. */
  readonly bench: string;
  /** Case inside the benchmark, e.g. `10k fragments`. */
  readonly case: string;
  /** What was timed, e.g. `assembleFragments`, `JSON.stringify`, `ai streamText`. */
  readonly subject: string;
  /** `ours`: the library; `floor`: the lower bound; `peer`: another library doing the same job. */
  readonly role: 'ours' | 'floor' | 'peer';
  /** Median wall time of one run of the case, in milliseconds. */
  readonly ms: number;
  /** Extra figures (records/s, peak RSS MiB, …). */
  readonly extra?: Readonly<Record<string, number | string>>;
  /** Anything a reader must know (a peer stopped early, a size cut). */
  readonly note?: string;
}

/** `smoke`: tiny sizes, for CI to prove the bench runs; `full`: the sizes the issues ask for. */
export type BenchSize = 'smoke' | 'full';

/** One benchmark module: runs every case and subject in one process, in one run. */
export type Bench = (size: BenchSize) => Promise<readonly BenchResult[]>;
