import type { BenchGoal, BenchRatio, BenchResult, BenchRole, BenchSize } from './bench-result.js';
import { roundOrder } from './round-order.js';

/*
 * The one timing harness every bench uses.
 *
 * - CPU time, not wall time: `process.cpuUsage()` (user + system, every thread of the process, so
 *   the garbage collector's helper threads count too) is less disturbed than the wall clock by the
 *   other processes sharing the machine. Node 20 has no per-thread CPU clock.
 * - Every subject is warmed (unrecorded rounds first), then the subjects run round by round,
 *   side by side in an order that changes from round to round (`roundOrder`: each subject comes
 *   right after every other one equally often), so that load changes hit all of them alike and
 *   the ratio of two subjects can be taken round by round.
 * - A subject whose run is short is repeated within a sample until the sample lasts about
 *   `minSampleMs`; figures are per run.
 * - No collection is forced between samples: a forced full collection slows the runs after it
 *   (measured: the reader on 16 KiB took 5× longer after one). Garbage collection is paid by
 *   whichever subject is running, and the changing order spreads it; each subject's allocations mostly
 *   trigger the collections in its own samples. Benches whose peers leave gigabytes of garbage
 *   measure those peers in rounds of their own.
 * - The figure is the median; the spread is the lower and upper quartile. A ratio of two subjects
 *   is the median of their per-round ratios (see `compare`).
 */

/** The process's CPU time so far, in milliseconds (user + system). */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Median and quartiles of `values`. */
export function quartiles(values: readonly number[]): { readonly median: number; readonly low: number; readonly high: number } {
  const sorted = [...values].sort((left, right) => left - right);
  const at = (fraction: number): number => {
    if (sorted.length === 0) return Number.NaN;
    const position = fraction * (sorted.length - 1);
    const below = Math.floor(position);
    const above = Math.ceil(position);
    return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
  };
  return { median: at(0.5), low: at(0.25), high: at(0.75) };
}

/** One thing to time: `run` is called once per run; a returned promise is awaited. */
export interface Subject {
  readonly name: string;
  readonly run: () => unknown;
  /** Called before each sample, outside the timing (a fresh directory to write into). */
  readonly before?: () => unknown;
}

/** What the harness measured of one subject: one sample per recorded round. */
export interface Measurement {
  readonly name: string;
  /** CPU milliseconds per run, one entry per round. */
  readonly cpu: readonly number[];
  /** Wall milliseconds per run, one entry per round. */
  readonly wall: readonly number[];
  /** Runs per sample. */
  readonly repeat: number;
}

/** How many rounds to run and how long a sample should last. */
export interface RoundPlan {
  readonly warmup: number;
  readonly rounds: number;
  readonly minSampleMs: number;
}

/** The default plan of a bench size; a case with long runs may ask for fewer rounds. */
export function roundPlan(size: BenchSize, overrides: Partial<RoundPlan> = {}): RoundPlan {
  const base: RoundPlan =
    size === 'full' ? { warmup: 3, rounds: 15, minSampleMs: 25 } : size === 'quick' ? { warmup: 1, rounds: 5, minSampleMs: 10 } : { warmup: 1, rounds: 2, minSampleMs: 0 };
  return { ...base, ...overrides };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

async function sample(subject: Subject, repeat: number): Promise<{ cpu: number; wall: number }> {
  await subject.before?.();
  const wallStart = performance.now();
  const cpuStart = cpuMs();
  for (let index = 0; index < repeat; index++) {
    const result = subject.run();
    if (isThenable(result)) await result;
  }
  const cpu = cpuMs() - cpuStart;
  return { cpu: cpu / repeat, wall: (performance.now() - wallStart) / repeat };
}

/** Times every subject: warm-up rounds, then `rounds` recorded rounds with the subjects side by side. */
export async function measureInterleaved(subjects: readonly Subject[], plan: RoundPlan): Promise<Measurement[]> {
  // The first warm-up run sizes each subject's samples.
  const repeats: number[] = [];
  for (const subject of subjects) {
    const first = await sample(subject, 1);
    repeats.push(Math.max(1, Math.min(10_000, Math.ceil(plan.minSampleMs / Math.max(first.cpu, 0.001)))));
  }
  const cpu = subjects.map((): number[] => []);
  const wall = subjects.map((): number[] => []);
  for (let round = 0; round < plan.warmup - 1 + plan.rounds; round++) {
    const recorded = round >= plan.warmup - 1;
    for (const index of roundOrder(subjects.length, round)) {
      const result = await sample(subjects[index]!, repeats[index]!);
      if (recorded) {
        cpu[index]!.push(result.cpu);
        wall[index]!.push(result.wall);
      }
    }
  }
  return subjects.map((subject, index) => ({ name: subject.name, cpu: cpu[index]!, wall: wall[index]!, repeat: repeats[index]! }));
}

/** The measurement named `name` out of `measurements`. */
export function pick(measurements: readonly Measurement[], name: string): Measurement {
  const found = measurements.find((measurement) => measurement.name === name);
  if (found === undefined) throw new Error(`no measurement named ${name}`);
  return found;
}

/**
 * `subject` against `reference`. Measured side by side (one sample each per round), the ratio is
 * the median of the per-round ratios, with their quartiles: load that changes from round to round
 * cancels out. Otherwise it is the ratio of the medians.
 */
export function compare(subject: readonly number[], reference: readonly number[], referenceName: string): BenchRatio {
  if (subject.length !== reference.length || subject.length === 0) {
    return { reference: referenceName, ratio: quartiles(subject).median / quartiles(reference).median };
  }
  const perRound = quartiles(subject.map((value, index) => value / reference[index]!));
  return { reference: referenceName, ratio: perRound.median, spread: [perRound.low, perRound.high] };
}

/** The goal `text`, judged on `ratio`. */
export function goal(ratio: number, text: string, direction: BenchGoal['direction'], limit: number): BenchGoal {
  return { text, direction, limit, met: direction === 'at-most' ? ratio <= limit : ratio >= limit };
}

/** The row of one timed subject: median CPU ms per run with its quartiles, the wall median in `extra`. */
export function timeRow(
  measurement: Measurement,
  fields: {
    readonly bench: string;
    readonly case: string;
    readonly role: BenchRole;
    readonly subject?: string;
    readonly versus?: Measurement;
    readonly goal?: { readonly text: string; readonly direction?: BenchGoal['direction']; readonly limit: number };
    readonly extra?: Readonly<Record<string, number | string>>;
    readonly note?: string;
  },
): BenchResult {
  const cpu = quartiles(measurement.cpu);
  const versus = fields.versus === undefined ? undefined : compare(measurement.cpu, fields.versus.cpu, fields.versus.name);
  return {
    bench: fields.bench,
    case: fields.case,
    subject: fields.subject ?? measurement.name,
    role: fields.role,
    value: cpu.median,
    unit: 'ms',
    spread: [cpu.low, cpu.high],
    samples: measurement.cpu.length,
    ...(versus === undefined ? {} : { versus }),
    ...(fields.goal === undefined || versus === undefined
      ? {}
      : { goal: goal(versus.ratio, fields.goal.text, fields.goal.direction ?? 'at-most', fields.goal.limit) }),
    extra: { wallMs: round(quartiles(measurement.wall).median, 3), ...(measurement.repeat > 1 ? { runsPerSample: measurement.repeat } : {}), ...fields.extra },
    ...(fields.note === undefined ? {} : { note: fields.note }),
  };
}

/** `value` rounded to `digits` decimals. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
