import { bySize, type Bench, type BenchResult, type BenchRole } from './bench-result.js';
import { runScript } from './fresh-process.js';
import { compare, goal, quartiles } from './harness.js';
import { MiB, sizeLabel } from './reply-workload.js';
import { runAlone } from './run-alone.js';

/*
 * Heap used while streaming, each subject in a fresh process (`src/heap-probe.ts` says how the
 * heap is read): the incremental reader, createReplyPreview, ModelRunner with a no-op sink and
 * ModelRunner with the preview, and ModelRunner with the scan + extract floor as its sink (keeping
 * the strings it extracts, as a preview keeps its bubbles), on one long tool call in 16-char deltas; and the heap the runner
 * holds at the last of many text deltas against the size of the final text.
 */

const BENCH = 'stream-memory';

interface HeapFigures {
  readonly peakMiB: number;
  readonly peakLiveMiB: number;
  readonly retainedMiB: number;
  readonly cpuMs: number;
  readonly heldAtLastDeltaMiB?: number;
  readonly finalTextMiB?: number;
}

const runProbe = (name: string, size: number): Promise<HeapFigures> => runScript('heap-probe.ts', [name, String(size)], ['--max-old-space-size=8192']) as Promise<HeapFigures>;

/**
 * Runs every probe `rounds` times, one fresh process each, the probes taking turns (`concurrent`:
 * all at once, for the smoke run, whose figures only prove the probes run).
 */
async function probeRounds(probes: readonly (readonly [name: string, size: number])[], rounds: number, concurrent: boolean): Promise<HeapFigures[][]> {
  if (concurrent) return Promise.all(probes.map(async ([name, size]) => [await runProbe(name, size)]));
  const figures = probes.map((): HeapFigures[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let offset = 0; offset < probes.length; offset++) {
      const index = (round + offset) % probes.length;
      const [name, size] = probes[index]!;
      figures[index]!.push(await runProbe(name, size));
    }
  }
  return figures;
}

function memoryRow(
  fields: { readonly case: string; readonly subject: string; readonly role: BenchRole },
  values: readonly number[],
  versus?: { readonly name: string; readonly values: readonly number[]; readonly goal?: { readonly text: string; readonly limit: number } },
  extra: Readonly<Record<string, number | string>> = {},
): BenchResult {
  const spread = quartiles(values);
  const ratio = versus === undefined ? undefined : compare(values, versus.values, versus.name);
  return {
    bench: BENCH,
    ...fields,
    value: spread.median,
    unit: 'MiB',
    spread: [spread.low, spread.high],
    samples: values.length,
    ...(ratio === undefined ? {} : { versus: ratio }),
    ...(ratio === undefined || versus?.goal === undefined ? {} : { goal: goal(ratio.ratio, versus.goal.text, 'at-most', versus.goal.limit) }),
    extra,
  };
}

const SUBJECTS: Readonly<Record<string, string>> = {
  reader: 'createPartialJsonReader (paths): peak heap',
  preview: 'createReplyPreview (live: true, no-op sink): peak heap',
  runner: 'ModelRunner + no-op sink: peak heap',
  'runner+preview': 'ModelRunner + createReplyPreview (live: true): peak heap',
  'runner+scan': 'ModelRunner + scan + extract as the sink (the floor of any preview that keeps its strings): peak heap',
};

/** The stream-memory benchmark: see the module comment. */
export const streamMemory: Bench = async (size) => {
  const callChars = bySize(size, { smoke: 256 * 1024, quick: 10 * MiB, full: 100 * MiB });
  const textDeltas = bySize(size, { smoke: 20_000, quick: 1_000_000, full: 10_000_000 });
  // A peak is the same from one run to the next within 1% (checked at 10 MiB): one run each.
  const rounds = 1;
  const probes = Object.keys(SUBJECTS);
  const figures = await probeRounds([...probes.map((name) => [name, callChars] as const), ['text-deltas', textDeltas] as const], rounds, size === 'smoke');
  const callCase = `${sizeLabel(callChars)} tool call in 16-char deltas, fresh process per subject`;
  const peaks = Object.fromEntries(probes.map((probe, index) => [probe, figures[index]!.map((entry) => entry.peakMiB)]));
  const reader = { name: SUBJECTS.reader!, values: peaks.reader! };
  const results: BenchResult[] = probes.map((probe, index) => {
    const entries = figures[index]!;
    const extra = {
      peakLiveMiB: quartiles(entries.map((entry) => entry.peakLiveMiB)).median,
      retainedMiB: quartiles(entries.map((entry) => entry.retainedMiB)).median,
      cpuMs: quartiles(entries.map((entry) => entry.cpuMs)).median,
    };
    const versus = probe === 'reader' ? undefined : probe === 'runner+preview' ? { ...reader, goal: { text: 'runner + preview peak ≤ 1.5× the reader’s (issue 20)', limit: 1.5 } } : reader;
    return memoryRow({ case: callCase, subject: SUBJECTS[probe]!, role: probe === 'reader' || probe === 'runner+scan' ? 'floor' : 'ours' }, peaks[probe]!, versus, extra);
  });

  const text = figures.pop();
  const textCase = `${textDeltas.toLocaleString('en-US')} text deltas through the runner (no-op sink)`;
  const finalText = text!.map((entry) => entry.finalTextMiB ?? Number.NaN);
  results.push(
    memoryRow({ case: textCase, subject: 'final text (flat, one byte a character)', role: 'floor' }, finalText),
    memoryRow(
      { case: textCase, subject: 'ModelRunner: heap held at the last delta', role: 'ours' },
      text!.map((entry) => entry.heldAtLastDeltaMiB ?? Number.NaN),
      { name: 'final text (flat, one byte a character)', values: finalText, goal: { text: 'heap held ≤ 1.2× the final text (issue 20)', limit: 1.2 } },
      { peakMiB: quartiles(text!.map((entry) => entry.peakMiB)).median, cpuMs: quartiles(text!.map((entry) => entry.cpuMs)).median },
    ),
  );
  return results;
};

await runAlone(import.meta.url, streamMemory);
