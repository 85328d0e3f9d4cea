import { assembleFragments, type ContextFragment } from '@jangts/agent-context';
import type { Bench, BenchResult, BenchSize } from './bench-result.js';
import { runAlone } from './run-alone.js';

const BENCH = 'context-assembly';

/** Fragment counts per size: `smoke` proves the bench runs; `full` shows the cost is linear. */
const COUNTS: Readonly<Record<BenchSize, readonly number[]>> = {
  smoke: [100],
  full: [1_000, 10_000, 100_000],
};

const SENTENCE = 'The service answered within its objective; the queue drained and no retries were needed. ';
const CJK_SENTENCE = '服务状态正常,队列已清空,没有需要重试的请求。';

/** ~1 KiB of prose; every third one has CJK text in it (a two-byte string in V8). */
function proseValue(index: number): string {
  let text = `Note ${index}: `;
  while (text.length < 1000) text += index % 3 === 0 ? `${SENTENCE}${CJK_SENTENCE} ` : SENTENCE;
  return text.slice(0, 1000);
}

/** A ~1 KiB record (about 950 JSON characters): nested objects, arrays, numbers, booleans, null. */
function recordValue(index: number): Record<string, unknown> {
  const items = [];
  for (let item = 0; item < 6; item += 1) {
    items.push({
      id: `item-${index}-${item}`,
      when: '2024-05-01T12:00:00.000Z',
      text: `step ${item} of the incident "${index}"`,
      score: item * 0.37 + index,
      done: item % 2 === 0,
      tags: ['ops', 'db'],
    });
  }
  return {
    kind: 'ticket',
    title: `Ticket ${index} about the service status 服务状态`,
    status: 'open',
    priority: index % 5,
    owner: { name: 'Ada', team: 'core' },
    items,
    note: null,
  };
}

/** Half strings, half records; one in ten is an app-trust system string, the rest user-slot content. */
export function benchFragments(count: number): ContextFragment[] {
  const fragments: ContextFragment[] = [];
  for (let index = 0; index < count; index += 1) {
    const system = index % 10 === 0;
    fragments.push({
      id: `f-${index}`,
      sourceId: system ? 'policy' : 'retrieval',
      trust: system ? 'app' : index % 3 === 0 ? 'tool' : 'user',
      lifetime: system ? 'static' : 'turn',
      maxChars: 4096,
      role: system ? 'system' : 'user',
      value: system || index % 2 === 0 ? proseValue(index) : recordValue(index),
    });
  }
  return fragments;
}

/**
 * Median wall times of `floor` and `ours`, measured alternately (floor, ours, ours, floor, …)
 * after unmeasured warm-ups, so that load from other processes and GC hit both alike.
 */
function medianPairMs(floor: () => unknown, ours: () => unknown, runs: number, warmups: number): [number, number] {
  for (let run = 0; run < warmups; run += 1) {
    floor();
    ours();
  }
  const floorTimes: number[] = [];
  const ourTimes: number[] = [];
  const timed = (task: () => unknown, into: number[]): void => {
    const start = performance.now();
    task();
    into.push(performance.now() - start);
  };
  for (let run = 0; run < runs; run += 1) {
    if (run % 2 === 0) {
      timed(floor, floorTimes);
      timed(ours, ourTimes);
    } else {
      timed(ours, ourTimes);
      timed(floor, floorTimes);
    }
  }
  return [median(floorTimes), median(ourTimes)];
}

function median(times: number[]): number {
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/**
 * Assembling N fragments (mixed string and record values, ~1 KiB each) with `assembleFragments`
 * against `JSON.stringify` of the same values in the same run (the floor), for N = 1k, 10k and
 * 100k. `extra.ratio` is ours / floor; `extra.usPerFragment` shows whether the cost is linear.
 */
export const contextAssembly: Bench = async (size) => {
  const results: BenchResult[] = [];
  for (const count of COUNTS[size]) {
    const fragments = benchFragments(count);
    const values = fragments.map((fragment) => fragment.value);
    const runs = size === 'smoke' ? 5 : count >= 100_000 ? 7 : 15;
    // Warm the JIT on about 20,000 fragments in a full run; a smoke run only proves the bench works.
    const warmups = size === 'smoke' ? 2 : Math.max(2, Math.ceil(20_000 / count));
    let inputChars = 0;
    let floorChars = 0;
    const [floorMs, oursMs] = medianPairMs(
      () => (floorChars = JSON.stringify(values).length),
      () => (inputChars = assembleFragments(fragments, Number.MAX_SAFE_INTEGER).inputChars),
      runs,
      warmups,
    );
    const label = `${count >= 1000 ? `${count / 1000}k` : count} fragments`;
    const perFragment = (ms: number): number => round((ms * 1000) / count, 3);
    results.push({
      bench: BENCH,
      case: label,
      subject: 'JSON.stringify(values)',
      role: 'floor',
      ms: round(floorMs),
      extra: { usPerFragment: perFragment(floorMs), chars: floorChars },
    });
    results.push({
      bench: BENCH,
      case: label,
      subject: 'assembleFragments',
      role: 'ours',
      ms: round(oursMs),
      extra: { ratio: round(oursMs / floorMs), usPerFragment: perFragment(oursMs), inputChars },
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return results;
};

await runAlone(import.meta.url, contextAssembly);
