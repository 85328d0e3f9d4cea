import type { BenchResult, BenchUnit } from './bench-result.js';

function formatNumber(value: number, unit: BenchUnit): string {
  switch (unit) {
    case 'ms':
      if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
      if (value >= 10) return `${value.toFixed(1)} ms`;
      if (value >= 0.1) return `${value.toFixed(2)} ms`;
      return `${(value * 1000).toFixed(1)} µs`;
    case 'MiB':
      return `${value.toFixed(value >= 10 ? 0 : 1)} MiB`;
    case 'ratio':
      return `${value.toFixed(2)}×`;
    case 'per CPU-s':
      return `${Math.round(value).toLocaleString('en-US')} /CPU-s`;
  }
}

/** `12.3 ms (12.1–12.6)`: the median and, in brackets, the quartiles. */
function formatValue(result: BenchResult): string {
  const value = formatNumber(result.value, result.unit);
  if (result.spread === undefined || (result.samples ?? 0) < 3) return value;
  const [low, high] = result.spread;
  return `${value} (${formatNumber(low, result.unit)}–${formatNumber(high, result.unit)})`;
}

/** `2.61× createPartialJsonReader (paths) (2.55–2.70)`. */
function formatVersus(result: BenchResult): string {
  if (result.versus === undefined) return '';
  const { ratio, spread, reference } = result.versus;
  const quartiles = spread === undefined || (result.samples ?? 0) < 3 ? '' : ` (${spread[0].toFixed(2)}–${spread[1].toFixed(2)})`;
  return `${ratio.toFixed(2)}×${quartiles} ${reference}`;
}

function formatGoal(result: BenchResult): string {
  if (result.goal === undefined) return '';
  return `${result.goal.met ? 'met' : '**not met**'}: ${result.goal.text}`;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/**
 * One markdown table of every result: the median (CPU time unless the unit says otherwise) with
 * its quartiles, the ratio to the row's reference subject of the same case (per-round quartiles
 * in brackets), the goal the row is judged against and whether it is met, and the extra figures.
 */
export function formatResults(results: readonly BenchResult[]): string {
  const lines = ['| bench | case | subject | role | median (quartiles) | ratio | goal | notes |', '|---|---|---|---|---:|---|---|---|'];
  for (const result of results) {
    const extra = Object.entries(result.extra ?? {}).map(([key, value]) => `${key}: ${typeof value === 'number' ? value.toLocaleString('en-US') : value}`);
    const notes = [...extra, ...(result.note === undefined ? [] : [result.note])].join('; ');
    const columns = [result.bench, result.case, result.subject, result.role, formatValue(result), formatVersus(result), formatGoal(result), notes];
    lines.push(`| ${columns.map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

/**
 * The rows that carry a goal, one line each: the goal, the row's median, the ratio it is judged on
 * and whether it is met. Short enough to quote.
 */
export function formatGoals(results: readonly BenchResult[]): string {
  const lines = ['| goal | case | subject | median | ratio | met |', '|---|---|---|---:|---|---|'];
  for (const result of results) {
    if (result.goal === undefined || result.versus === undefined) continue;
    const ratio = `${result.versus.ratio.toFixed(2)}× (limit ${result.goal.direction === 'at-most' ? '≤' : '≥'} ${result.goal.limit})`;
    const columns = [result.goal.text, result.case, result.subject, formatNumber(result.value, result.unit), ratio, result.goal.met ? 'yes' : '**no**'];
    lines.push(`| ${columns.map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}
