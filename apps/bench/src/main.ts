import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { assertBuilt } from './assert-built.js';
import type { BenchResult } from './bench-result.js';
import { BENCHES } from './benches.js';
import { formatResults } from './format-results.js';
import { BENCH_DIRECTORY, runScript } from './fresh-process.js';
import { sizeFromArguments } from './run-alone.js';

/**
 * Every benchmark of the library, one after another, each in a fresh Node process (this script
 * again, with `--child`) so that no benchmark pays for the heap
 * another one left behind. One run, one table.
 *
 * `--quick`: smaller sizes and fewer rounds; `--smoke`: tiny sizes (what the CI smoke test runs);
 * `--only a,b`: only those benchmarks; `--json file`: where to write the results (by default a
 * full run of every benchmark writes `bench-results.json`, other runs write nothing).
 */

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const size = sizeFromArguments(process.argv);
const only = option('--only')?.split(',');
const unknown = only?.filter((name) => !(name in BENCHES)) ?? [];
if (unknown.length > 0) throw new Error(`unknown bench ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
const names = Object.keys(BENCHES).filter((name) => only === undefined || only.includes(name));

if (process.argv.includes('--child')) {
  const results: BenchResult[] = [];
  for (const name of names) results.push(...(await BENCHES[name]!(size)));
  console.log(JSON.stringify(results));
} else {
  assertBuilt();
  const results: BenchResult[] = [];
  const started = performance.now();
  const loadBefore = loadavg()[0]!;
  for (const name of names) {
    process.stderr.write(`running ${name} (${size})…\n`);
    const flags = size === 'smoke' ? ['--smoke'] : size === 'quick' ? ['--quick'] : [];
    results.push(...((await runScript('main.ts', ['--child', '--only', name, ...flags])) as BenchResult[]));
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown cpu'}, Node ${process.version}`;
  const load = `load average ${loadBefore.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end`;
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(`# @jangts/agent-core benchmarks (${size}; ${machine}; ${load}; ${minutes} min)\n`);
  console.log(formatResults(results));
  const output = option('--json') ?? (size === 'full' && only === undefined ? join(BENCH_DIRECTORY, 'bench-results.json') : undefined);
  if (output !== undefined) {
    writeFileSync(output, `${JSON.stringify({ size, machine, load, at: new Date().toISOString(), results }, null, 2)}\n`);
    process.stderr.write(`results written to ${output}\n`);
  }
}
