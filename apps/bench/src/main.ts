import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { Bench, BenchResult, BenchSize } from './bench-result.js';
import { contextAssembly } from './context-assembly.js';
import { formatResults } from './format-results.js';
import { logStore } from './log-store.js';
import { previewThroughRunner } from './preview-through-runner.js';
import { providerParse } from './provider-parse.js';
import { reflectionOverhead } from './reflection-overhead.js';
import { replyPreview } from './reply-preview.js';
import { runnerOverhead } from './runner-overhead.js';

/** Every benchmark of the library, run one after another in this one process. */
const benches: Readonly<Record<string, Bench>> = {
  'context-assembly': contextAssembly,
  'runner-overhead': runnerOverhead,
  'log-store': logStore,
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
const results: BenchResult[] = [];
for (const [name, bench] of Object.entries(benches)) {
  if (only !== undefined && !only.includes(name)) continue;
  process.stderr.write(`running ${name} (${size})…\n`);
  results.push(...(await bench(size)));
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown cpu'}, Node ${process.version}`;
console.log(`# @jangts/agent-core benchmarks (${size}, ${machine})\n`);
console.log(formatResults(results));
writeFileSync(output, `${JSON.stringify({ size, machine, at: new Date().toISOString(), results }, null, 2)}\n`);
process.stderr.write(`results written to ${output}\n`);
