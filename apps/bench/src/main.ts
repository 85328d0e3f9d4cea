import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bench, BenchResult, BenchSize } from './bench-result.js';
import { contextAssembly } from './context-assembly.js';
import { formatResults } from './format-results.js';
import { logStore } from './log-store.js';
import { previewThroughRunner } from './preview-through-runner.js';
import { providerParse } from './provider-parse.js';
import { reflectionOverhead } from './reflection-overhead.js';
import { replyPreview } from './reply-preview.js';
import { runnerOverhead } from './runner-overhead.js';
import { traceStores } from './trace-stores.js';

/**
 * Every benchmark of the library, run one after another, each in a fresh Node process (this
 * script again, with `--child`) so that no benchmark pays for the heap another one left behind
 * (the log store's million records, the re-parsing peers' garbage). One run, one table.
 */
const benches: Readonly<Record<string, Bench>> = {
  'context-assembly': contextAssembly,
  'runner-overhead': runnerOverhead,
  'log-store': logStore,
  'trace-stores': traceStores,
  'reply-preview': replyPreview,
  'preview-through-runner': previewThroughRunner,
  'provider-parse': providerParse,
  'reflection-overhead': reflectionOverhead,
};

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const size: BenchSize = process.argv.includes('--smoke') ? 'smoke' : 'full';
const only = option('--only')?.split(',');
const output = option('--json') ?? 'bench-results.json';
const child = process.argv.includes('--child');

/** Runs one benchmark in a fresh process and returns its results. */
function runInChild(name: string): BenchResult[] {
  const directory = mkdtempSync(join(tmpdir(), 'agent-bench-'));
  const file = join(directory, 'results.json');
  try {
    const args = [...process.execArgv, process.argv[1] ?? '', '--child', '--only', name, '--json', file, ...(size === 'smoke' ? ['--smoke'] : [])];
    execFileSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    return (JSON.parse(readFileSync(file, 'utf8')) as { results: BenchResult[] }).results;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const results: BenchResult[] = [];
for (const [name, bench] of Object.entries(benches)) {
  if (only !== undefined && !only.includes(name)) continue;
  if (child) {
    results.push(...(await bench(size)));
    continue;
  }
  process.stderr.write(`running ${name} (${size})…\n`);
  results.push(...runInChild(name));
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown cpu'}, Node ${process.version}`;
writeFileSync(output, `${JSON.stringify({ size, machine, at: new Date().toISOString(), results }, null, 2)}\n`);
if (!child) {
  console.log(`# @jangts/agent-core benchmarks (${size}, ${machine})\n`);
  console.log(formatResults(results));
  process.stderr.write(`results written to ${output}\n`);
}
