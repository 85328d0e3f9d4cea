import { assembleFragments, type ContextFragment } from '@jangts/agent-context';
import type { Bench, BenchResult, BenchSize } from './bench-result.js';
import { measureInterleaved, quartiles, round, roundPlan, timeRow, type Measurement } from './harness.js';
import { runAlone } from './run-alone.js';

const BENCH = 'context-assembly';

/** Fragment counts per size: `smoke` proves the bench runs; `full` shows the cost is linear. */
const COUNTS: Readonly<Record<BenchSize, readonly number[]>> = {
  smoke: [100],
  quick: [1_000, 10_000],
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
 * Assembling N fragments (mixed string and record values, ~1 KiB each) with `assembleFragments`
 * against `JSON.stringify` of the same values in the same run (the floor), for N = 1k, 10k and
 * 100k, side by side; `extra.usPerFragment` shows whether the cost is linear.
 */
export const contextAssembly: Bench = async (size) => {
  const results: BenchResult[] = [];
  for (const count of COUNTS[size]) {
    const fragments = benchFragments(count);
    const values = fragments.map((fragment) => fragment.value);
    let inputChars = 0;
    let floorChars = 0;
    const [floor, ours] = (await measureInterleaved(
      [
        { name: 'JSON.stringify(values)', run: () => (floorChars = JSON.stringify(values).length) },
        { name: 'assembleFragments', run: () => (inputChars = assembleFragments(fragments, Number.MAX_SAFE_INTEGER).inputChars) },
      ],
      roundPlan(size),
    )) as [Measurement, Measurement];
    const label = `${count >= 1000 ? `${count / 1000}k` : count} fragments`;
    const perFragment = (measurement: Measurement): number => round((quartiles(measurement.cpu).median * 1000) / count, 3);
    results.push(
      timeRow(floor, { bench: BENCH, case: label, role: 'floor', extra: { usPerFragment: perFragment(floor), chars: floorChars } }),
      timeRow(ours, { bench: BENCH, case: label, role: 'ours', versus: floor, extra: { usPerFragment: perFragment(ours), inputChars } }),
    );
  }
  return results;
};

await runAlone(import.meta.url, contextAssembly);
