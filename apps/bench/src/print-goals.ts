import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult } from './bench-result.js';
import { formatGoals } from './format-results.js';
import { BENCH_DIRECTORY } from './fresh-process.js';

/*
 * Prints the goal rows of the last full run (`bench-results.json`, or the file given) as the short
 * table the root README quotes: `pnpm --filter @jangts/agent-bench goals`.
 */
const file = process.argv[2] ?? join(BENCH_DIRECTORY, 'bench-results.json');
const run = JSON.parse(readFileSync(file, 'utf8')) as { size: string; machine: string; load: string; at: string; results: BenchResult[] };
console.log(`${run.size} run of ${run.at.slice(0, 10)}; ${run.machine}; ${run.load}\n`);
console.log(formatGoals(run.results));
