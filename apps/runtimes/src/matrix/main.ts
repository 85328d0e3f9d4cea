/**
 * `pnpm --filter @jangts/agent-runtimes matrix` (after `pnpm build`): builds the bundles, runs the
 * program in every runtime one after another, and prints one row per runtime: whether it printed
 * exactly what Node printed, how long it took, and the first lines of its error. Exits 1 when any
 * runtime differs. `--json` prints each runtime's output (or error) as well.
 */
import { buildBundles } from './build-bundles.js';
import { RUNTIME_IDS, runRuntime, runtimeName, type RuntimeOutcome } from './runtimes.js';

const started = performance.now();
const bundles = await buildBundles();
const outcomes = new Map<string, RuntimeOutcome>();
for (const id of RUNTIME_IDS) outcomes.set(id, await runRuntime(id, bundles));
const reference = outcomes.get('node');

console.log('| runtime | result | time |');
console.log('|---|---|---:|');
let differing = 0;
for (const id of RUNTIME_IDS) {
  const outcome = outcomes.get(id)!;
  const same = outcome.ok && reference?.ok === true && outcome.output === reference.output;
  if (!same) differing += 1;
  const result = id === 'node' && outcome.ok ? 'reference' : same ? 'same as Node' : outcome.ok ? `**differs** (${sectionsDiffering(outcome.output)})` : `**failed** (${outcome.stage}): ${firstLines(outcome.error)}`;
  console.log(`| ${runtimeName(id)} | ${result} | ${(outcome.durationMs / 1000).toFixed(2)} s |`);
}
console.log(`\n${RUNTIME_IDS.length - differing} of ${RUNTIME_IDS.length} runtimes print what Node prints; the matrix took ${((performance.now() - started) / 1000).toFixed(1)} s (bundles included).`);
if (process.argv.includes('--json')) {
  for (const id of RUNTIME_IDS) {
    const outcome = outcomes.get(id)!;
    console.log(`\n## ${runtimeName(id)}\n${outcome.ok ? outcome.output : outcome.error}`);
  }
}
process.exitCode = differing === 0 ? 0 : 1;

/** The sections whose JSON differs from Node's. */
function sectionsDiffering(output: string): string {
  if (reference?.ok !== true) return 'no reference';
  const mine = JSON.parse(output) as Record<string, unknown>;
  const theirs = JSON.parse(reference.output) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])];
  return keys.filter((key) => JSON.stringify(mine[key]) !== JSON.stringify(theirs[key])).join(', ');
}

function firstLines(text: string): string {
  return text.split('\n').slice(0, 3).join(' ⏎ ').replaceAll('|', '\\|');
}
