/*
 * The hostile-value campaign (issue 21): every public entry point on HOSTILE_RUNS hostile cases
 * (100,000 by default), each call raced against a real 5 s timer. Prints a table: entry, runs,
 * fulfilled, refused (a proper AgentCoreError), handed back (an App callback's own error, where the
 * entry documents handing it back), escapes, hangs, seconds. Exits 1 on any escape
 * or hang. Run with `pnpm hostile` (HOSTILE_RUNS=1000 pnpm hostile for a short one; HOSTILE_ONLY
 * to pick entries by a part of their name; HOSTILE_SEED to replay).
 */
import fc from 'fast-check';
import { contextHostileEntries } from '../packages/agent-context/test/hostile-entries.js';
import { previewHostileEntries } from '../packages/agent-preview/test/hostile-entries.js';
import { reflectionHostileEntries } from '../packages/agent-reflection/test/hostile-entries.js';
import { runnerHostileEntries } from '../packages/agent-runner/test/hostile-entries.js';
import { traceHostileEntries } from '../packages/agent-trace/test/hostile-entries.js';
import { turnHostileEntries } from '../packages/agent-turn/test/hostile-entries.js';
import { escapeOf, outcomeOf, type HostileEntry } from '../packages/agent-types/test/hostile-entry.js';
import { hostileArguments, hostileCase } from '../packages/agent-types/test/hostile-values.js';

const HANG_MS = 5_000;
// The App's deadline in every valid context (appSignal reads it at each call): well inside HANG_MS.
process.env.HOSTILE_SIGNAL_MS ??= '2000';
const runs = Number(process.env.HOSTILE_RUNS ?? 100_000);
const only = process.env.HOSTILE_ONLY;
const seed = process.env.HOSTILE_SEED === undefined ? Date.now() | 0 : Number(process.env.HOSTILE_SEED);

interface Row {
  entry: string;
  runs: number;
  fulfilled: number;
  refused: number;
  handedBack: number;
  escapes: number;
  hangs: number;
  seconds: number;
}

/** Escapes the library let out after a call settled (an unhandled rejection, an uncaught throw). */
let late: unknown[] = [];
process.on('unhandledRejection', (reason) => late.push(reason));
process.on('uncaughtException', (error) => late.push(error));

const examples: string[] = [];

async function campaign(entry: HostileEntry): Promise<Row> {
  const row: Row = { entry: entry.name, runs: 0, fulfilled: 0, refused: 0, handedBack: 0, escapes: 0, hangs: 0, seconds: 0 };
  const started = performance.now();
  late = [];
  await fc.assert(
    fc.asyncProperty(hostileCase(entry.valid), async (hostile) => {
      row.runs += 1;
      const began = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const call = Promise.resolve()
        .then(() => entry.run(hostileArguments(hostile)))
        .then(
          () => ({ kind: 'fulfilled' as const }),
          (error: unknown) => outcomeOf(entry, error),
        );
      const outcome = await Promise.race([call, new Promise<{ kind: 'hang' }>((resolve) => (timer = setTimeout(() => resolve({ kind: 'hang' }), HANG_MS)))]);
      clearTimeout(timer);
      // A call that blocked the event loop settles before the timer can fire: its time tells.
      if (outcome.kind === 'hang' || performance.now() - began >= HANG_MS) {
        row.hangs += 1;
        if (examples.length < 20) examples.push(`${entry.name} hang: ${fc.stringify(hostile)}`);
      } else if (outcome.kind === 'fulfilled') row.fulfilled += 1;
      else if (outcome.kind === 'refused') row.refused += 1;
      else if (outcome.kind === 'handed-back') row.handedBack += 1;
      else {
        row.escapes += 1;
        if (examples.length < 20) examples.push(`${entry.name} escape: ${outcome.escape}\n  ${fc.stringify(hostile)}`);
      }
      return true;
    }),
    { numRuns: runs, seed },
  );
  // Give late rejections of this entry a turn to surface before counting them.
  await new Promise((resolve) => setTimeout(resolve, 50));
  if (late.length > 0) {
    row.escapes += late.length;
    for (const reason of late.slice(0, 3)) examples.push(`${entry.name} late escape: ${escapeOf(reason) ?? 'an AgentCoreError, unhandled'}`);
  }
  row.seconds = (performance.now() - started) / 1000;
  return row;
}

const entries = [...contextHostileEntries, ...previewHostileEntries, ...runnerHostileEntries, ...reflectionHostileEntries, ...turnHostileEntries, ...traceHostileEntries].filter(
  (entry) => only === undefined || entry.name.includes(only),
);
console.log(`hostile campaign: ${runs.toLocaleString('en-US')} cases per entry, seed ${seed}, hang = not settled within ${HANG_MS / 1000} s`);
const rows: Row[] = [];
for (const entry of entries) {
  const row = await campaign(entry);
  rows.push(row);
  console.log(`  ${row.entry}: ${row.runs} runs, ${row.escapes} escapes, ${row.hangs} hangs, ${row.seconds.toFixed(1)} s`);
}
const number = (value: number) => value.toLocaleString('en-US');
console.log('\n| entry | runs | fulfilled | refused | handed back | escapes | hangs | seconds |\n|---|--:|--:|--:|--:|--:|--:|--:|');
for (const row of rows) console.log(`| ${row.entry} | ${number(row.runs)} | ${number(row.fulfilled)} | ${number(row.refused)} | ${number(row.handedBack)} | ${row.escapes} | ${row.hangs} | ${row.seconds.toFixed(1)} |`);
if (examples.length > 0) console.log(`\n${examples.join('\n')}`);
process.exit(rows.some((row) => row.escapes > 0 || row.hangs > 0) ? 1 : 0);
