import type { BenchResult } from './bench-result.js';

/** `ms` formatted with a precision that suits its size. */
function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(3)} ms`;
}

/** How a subject compares with the floor of its case: `2.10× floor` (`—` for the floor itself or when there is none). */
function versusFloor(result: BenchResult, floor: BenchResult | undefined): string {
  if (floor === undefined || result === floor || floor.ms <= 0) return '—';
  return `${(result.ms / floor.ms).toFixed(2)}×`;
}

/** How our subjects compare with a peer of the same case: `ours is 183× faster`. */
function versusOurs(result: BenchResult, ours: BenchResult | undefined): string {
  if (result.role !== 'peer' || ours === undefined || ours.ms <= 0) return '';
  const ratio = result.ms / ours.ms;
  return ratio >= 1 ? `ours ${ratio.toFixed(ratio >= 100 ? 0 : 1)}× faster` : `ours ${(1 / ratio).toFixed(1)}× slower`;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/**
 * One markdown table of every result: each figure, the floor of its case, the ratio to the floor,
 * and, for peers, how many times faster ours is (against the first `ours` subject of the case).
 */
export function formatResults(results: readonly BenchResult[]): string {
  const lines = ['| bench | case | subject | role | time | × floor | vs ours | notes |', '|---|---|---|---|---:|---:|---|---|'];
  for (const result of results) {
    const sameCase = results.filter((other) => other.bench === result.bench && other.case === result.case);
    const floor = sameCase.find((other) => other.role === 'floor');
    const ours = sameCase.find((other) => other.role === 'ours');
    const extra = Object.entries(result.extra ?? {}).map(([key, value]) => `${key}: ${value}`);
    const notes = [...extra, ...(result.note === undefined ? [] : [result.note])].join('; ');
    lines.push(
      `| ${cell(result.bench)} | ${cell(result.case)} | ${cell(result.subject)} | ${result.role} | ${formatMs(result.ms)} | ${versusFloor(result, floor)} | ${versusOurs(result, ours)} | ${cell(notes)} |`,
    );
  }
  return lines.join('\n');
}
