import { pathToFileURL } from 'node:url';
import type { Bench, BenchSize } from './bench-result.js';
import { formatResults } from './format-results.js';

/**
 * Runs `bench` and prints its table when `moduleUrl` is the script node was started with
 * (`tsx src/<bench>.ts [--smoke]`); does nothing when the module is imported.
 */
export async function runAlone(moduleUrl: string, bench: Bench): Promise<void> {
  const script = process.argv[1];
  if (script === undefined || moduleUrl !== pathToFileURL(script).href) return;
  const size: BenchSize = process.argv.includes('--smoke') ? 'smoke' : 'full';
  console.log(formatResults(await bench(size)));
}
