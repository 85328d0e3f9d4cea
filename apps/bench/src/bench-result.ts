/** `ours`: the library; `floor`: a lower bound doing the least the job needs; `peer`: another library doing the same job. */
export type BenchRole = 'ours' | 'floor' | 'peer';

/** What a row's figure counts. */
export type BenchUnit = 'ms' | 'MiB' | 'ratio' | 'per CPU-s';

/** A ratio between two subjects of one case, from the same run. */
export interface BenchRatio {
  /** The subject this row is compared with. */
  readonly reference: string;
  /** The median of this row's per-round ratios to the reference (the ratio of the medians when not measured side by side). */
  readonly ratio: number;
  /** Lower and upper quartile of the per-round ratios (subjects ran side by side in each round). */
  readonly spread?: readonly [number, number] | undefined;
}

/** A target of an issue, judged on this row's ratio. */
export interface BenchGoal {
  /** What is asked, e.g. `≤ 1.5× the reader alone (issue 20)`. */
  readonly text: string;
  /** `at-most`: the ratio must not exceed `limit`; `at-least`: it must reach it. */
  readonly direction: 'at-most' | 'at-least';
  readonly limit: number;
  readonly met: boolean;
}

/** What one subject measured in one case of a benchmark. */
export interface BenchResult {
  /** Benchmark name, e.g. `reply-preview`. */
  readonly bench: string;
  /** Case inside the benchmark, e.g. `1 MiB reply args, 16-char chunks`. */
  readonly case: string;
  /** What was measured, e.g. `createReplyPreview (no-op sink)`. */
  readonly subject: string;
  readonly role: BenchRole;
  /** The median: CPU milliseconds per run, MiB of heap, a ratio, or a throughput. */
  readonly value: number;
  readonly unit: BenchUnit;
  /** Lower and upper quartile of the samples, in `unit`. */
  readonly spread?: readonly [number, number] | undefined;
  /** How many samples the median is of. */
  readonly samples?: number | undefined;
  /** This row against another subject of the case. */
  readonly versus?: BenchRatio | undefined;
  /** The target for this row, and whether today's code meets it. */
  readonly goal?: BenchGoal | undefined;
  /** Extra figures (wall time, sizes, counts). */
  readonly extra?: Readonly<Record<string, number | string>> | undefined;
  /** Anything a reader must know. */
  readonly note?: string | undefined;
}

/** `smoke`: tiny sizes, for CI to prove every bench runs; `quick`: a few minutes in all; `full`: the sizes the issues ask for. */
export type BenchSize = 'smoke' | 'quick' | 'full';

/** One benchmark module: runs every case and subject of it in one process, in one run. */
export type Bench = (size: BenchSize) => Promise<readonly BenchResult[]>;

/** The value for `size` out of one per size. */
export function bySize<TValue>(size: BenchSize, values: { readonly smoke: TValue; readonly quick: TValue; readonly full: TValue }): TValue {
  return values[size];
}
