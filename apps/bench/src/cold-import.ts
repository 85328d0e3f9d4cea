import { bySize, type Bench, type BenchResult } from './bench-result.js';
import { runNode } from './fresh-process.js';
import { compare, goal, quartiles, round } from './harness.js';
import { runAlone } from './run-alone.js';

/*
 * Cold import (SPEC §9): `import('@jangts/agent-core')` against `import('ai')`, each in a fresh
 * Node process started in the bench folder (the built `dist/`, as users load it), the subjects
 * taking turns over several runs. Timed inside the child around the dynamic import only (Node's
 * own start-up is left out): CPU time of the process, wall time beside it.
 */

const BENCH = 'cold-import';

/** The script each child runs: import once, print the cost. */
function script(specifier: string): string {
  return [
    'const cpu = process.cpuUsage();',
    'const start = performance.now();',
    `await import(${JSON.stringify(specifier)});`,
    'const wall = performance.now() - start;',
    'const used = process.cpuUsage(cpu);',
    'console.log(JSON.stringify({ wall, cpu: (used.user + used.system) / 1000 }));',
  ].join('\n');
}

interface ImportCost {
  readonly wall: number;
  readonly cpu: number;
}

async function coldImportOnce(specifier: string): Promise<ImportCost> {
  const stdout = await runNode(['--input-type=module', '--eval', script(specifier)], []);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ImportCost;
}

/** The cold-import benchmark: see the module comment. */
export const coldImport: Bench = async (size) => {
  const runs = bySize(size, { smoke: 1, quick: 5, full: 11 });
  const subjects = ['@jangts/agent-core', 'ai'];
  const costs = subjects.map((): ImportCost[] => []);
  // One unrecorded run of each first, so the file system cache is warm for both.
  if (size !== 'smoke') for (const subject of subjects) await coldImportOnce(subject);
  for (let run = 0; run < runs; run++) {
    for (let offset = 0; offset < subjects.length; offset++) {
      const index = (run + offset) % subjects.length;
      costs[index]!.push(await coldImportOnce(subjects[index]!));
    }
  }
  const caseName = `cold import in a fresh process, ${runs} runs each, taking turns`;
  const row = (index: number, role: BenchResult['role']): BenchResult => {
    const cpu = costs[index]!.map((cost) => cost.cpu);
    const cpuQuartiles = quartiles(cpu);
    const versus = index === 0 ? compare(cpu, costs[1]!.map((cost) => cost.cpu), `import('ai')`) : undefined;
    return {
      bench: BENCH,
      case: caseName,
      subject: `import('${subjects[index]}')`,
      role,
      value: cpuQuartiles.median,
      unit: 'ms',
      spread: [cpuQuartiles.low, cpuQuartiles.high],
      samples: cpu.length,
      ...(versus === undefined ? {} : { versus, goal: goal(versus.ratio, 'cold import costs no more than import(\'ai\') (SPEC §9)', 'at-most', 1) }),
      extra: { wallMs: round(quartiles(costs[index]!.map((cost) => cost.wall)).median, 1) },
    };
  };
  return [row(0, 'ours'), row(1, 'peer')];
};

await runAlone(import.meta.url, coldImport);
