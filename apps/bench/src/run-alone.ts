import { pathToFileURL } from 'node:url';
import type { Bench, BenchSize } from './bench-result.js';
import { formatResults } from './format-results.js';

/** The size asked for on the command line: `--smoke`, `--quick`, else `full`. */
export function sizeFromArguments(argv: readonly string[]): BenchSize {
  if (argv.includes('--smoke')) return 'smoke';
  return argv.includes('--quick') ? 'quick' : 'full';
}

/**
 * Runs `bench` and prints its table when `moduleUrl` is the script node was started with
 * (`tsx src/<bench>.ts [--smoke|--quick]`); does nothing when the module is imported.
 */
export async function runAlone(moduleUrl: string, bench: Bench): Promise<void> {
  const script = process.argv[1];
  if (script === undefined || moduleUrl !== pathToFileURL(script).href) return;
  console.log(formatResults(await bench(sizeFromArguments(process.argv))));
}
