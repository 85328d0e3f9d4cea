import { parsePartialJson as langchainParsePartialJson } from '@langchain/core/output_parsers';
import { createPartialJsonReader, createReplyPreview } from '@jangts/agent-preview';
import type { OutputEvent } from '@jangts/agent-runner';
import { JSONParser } from '@streamparser/json';
import { parsePartialJson as aiParsePartialJson } from 'ai';
import { parse as partialJsonParse } from 'partial-json';
import { bySize, type Bench, type BenchResult, type BenchSize } from './bench-result.js';
import { measureInterleaved, quartiles, roundPlan, round, timeRow, type Measurement, type RoundPlan, type Subject } from './harness.js';
import { chunk, fileWriteArguments, KiB, MiB, REPLY_PATHS, replyArguments, replyEvents, sizeLabel } from './reply-workload.js';
import { runAlone } from './run-alone.js';
import { scanExtract } from './scan-extract.js';

/*
 * Reply preview: streamed tool-call arguments through the incremental reader and
 * createReplyPreview, against the single-pass scan + extract floor over the same chunks, one
 * JSON.parse of the whole text, @streamparser/json on the same chunks, and the peers that re-parse
 * every cumulative prefix (partial-json, the AI SDK's and LangChain's parsePartialJson), which run
 * in full at the sizes where one run takes under a minute (their cost grows with the square of the
 * length: at 1 MiB one run would take minutes).
 *
 * @openai/agents has no partial-JSON reader: its stream hands over text deltas and the raw model
 * events, and a tool call's arguments only once complete. It is a peer of the runner instead
 * (runner-overhead).
 */

const BENCH = 'reply-preview';
const READER = 'createPartialJsonReader (paths)';
const SCAN = 'scan + extract (one pass over the chunks)';

interface Workload {
  readonly name: string;
  readonly text: string;
  readonly chunks: readonly string[];
  readonly events: readonly OutputEvent[];
  readonly paths: readonly (readonly string[])[];
  readonly streamparserPaths: readonly string[];
}

function replyWorkload(size: number, chunkSize = 16): Workload {
  const text = replyArguments(size);
  const chunks = chunk(text, chunkSize);
  return {
    name: `${sizeLabel(size)} reply args, ${chunkSize}-char chunks`,
    text,
    chunks,
    events: [...replyEvents(chunks)],
    paths: REPLY_PATHS,
    streamparserPaths: ['$.answer', '$.bubbles.*'],
  };
}

function fileWriteWorkload(chars: number, deltas: number): Workload {
  const text = fileWriteArguments(chars);
  const chunks = chunk(text, Math.ceil(text.length / deltas));
  return {
    name: `users’ case: file-write args, ${chars.toLocaleString('en-US')} chars in ${deltas.toLocaleString('en-US')} deltas`,
    text,
    chunks,
    events: [...replyEvents(chunks)],
    paths: [['content']],
    streamparserPaths: ['$.content'],
  };
}

function readerSubject(workload: Workload): Subject {
  return {
    name: READER,
    run: () => {
      const reader = createPartialJsonReader({ paths: workload.paths, value: false });
      for (const piece of workload.chunks) reader.write(piece);
    },
  };
}

/** createReplyPreview with a no-op sink, handed a copy per call (the default) or the live list. */
function previewSubject(workload: Workload, live: boolean): Subject {
  return {
    name: live ? 'createReplyPreview (live: true, no-op sink)' : 'createReplyPreview (no-op sink, a copy per call)',
    run: async () => {
      const preview = createReplyPreview({ rules: [{ toolId: 'reply', paths: workload.paths }], sink: () => undefined, live });
      for (const event of workload.events) {
        const pending = preview.write(event);
        if (pending !== undefined) await pending;
      }
    },
  };
}

/** Ours, the floors and @streamparser/json: each run is at most tens of milliseconds. */
function linearSubjects(workload: Workload): Subject[] {
  return [
    { name: 'JSON.parse (whole text, once)', run: (): unknown => JSON.parse(workload.text) },
    { name: SCAN, run: () => scanExtract(workload.chunks, workload.paths) },
    readerSubject(workload),
    previewSubject(workload, false),
    previewSubject(workload, true),
    {
      name: '@streamparser/json (partial values, paths)',
      run: () => {
        const parser = new JSONParser({ emitPartialTokens: true, emitPartialValues: true, paths: [...workload.streamparserPaths], keepStack: false });
        parser.onValue = () => undefined;
        for (const piece of workload.chunks) parser.write(piece);
      },
    },
  ];
}

/** A peer that parses the whole text received so far after every chunk. */
function reparsing(name: string, workload: Workload, parse: (prefix: string) => unknown): Subject {
  return {
    name,
    run: async () => {
      let prefix = '';
      for (const piece of workload.chunks) {
        prefix += piece;
        try {
          const parsed = parse(prefix);
          if (parsed instanceof Promise) await parsed;
        } catch {
          // partial-json refuses some prefixes (a lone `-`); the next chunk fixes them
        }
      }
    },
  };
}

/** The re-parsing peers, with the reader beside them in every round (what they are compared with). */
function reparsingSubjects(workload: Workload): Subject[] {
  return [
    readerSubject(workload),
    reparsing('partial-json parse(prefix) per chunk', workload, (prefix) => partialJsonParse(prefix)),
    reparsing('ai parsePartialJson(prefix) per chunk', workload, (prefix) => aiParsePartialJson(prefix)),
    reparsing('@langchain/core parsePartialJson(prefix) per chunk', workload, (prefix) => langchainParsePartialJson(prefix)),
  ];
}

function figures(workload: Workload): Record<string, number> {
  const escapes = workload.text.match(/\\(?:u[0-9a-fA-F]{4}|[^u])/g)?.length ?? 0;
  return { chars: workload.text.length, chunks: workload.chunks.length, escapesPer1000: Math.round((escapes * 1000) / workload.text.length) };
}

/** Every subject on one workload; `reparse`: the round plan of the re-parsing peers, or none. */
async function measureWorkload(workload: Workload, plan: RoundPlan, reparse: RoundPlan | undefined, goal: boolean): Promise<BenchResult[]> {
  const base = { bench: BENCH, case: workload.name };
  const [parse, scan, reader, preview, live, streamparser] = (await measureInterleaved(linearSubjects(workload), plan)) as [
    Measurement,
    Measurement,
    Measurement,
    Measurement,
    Measurement,
    Measurement,
  ];
  const vsScan = (measurement: Measurement): string => `${round(medianOf(measurement.cpu) / medianOf(scan.cpu))}×`;
  const results: BenchResult[] = [
    timeRow(parse, { ...base, role: 'floor', extra: figures(workload) }),
    timeRow(scan, { ...base, role: 'floor', versus: parse }),
    timeRow(reader, { ...base, role: 'ours', versus: scan }),
    timeRow(preview, { ...base, role: 'ours', versus: reader, extra: { vsScanFloor: vsScan(preview) } }),
    timeRow(live, {
      ...base,
      role: 'ours',
      versus: reader,
      extra: { vsScanFloor: vsScan(live) },
      ...(goal ? { goal: { text: 'createReplyPreview (live) ≤ 1.5× the reader alone (issue 20)', limit: 1.5 } } : {}),
    }),
    timeRow(streamparser, { ...base, role: 'peer', versus: reader, extra: { vsScanFloor: vsScan(streamparser) } }),
  ];
  if (reparse !== undefined) {
    const [peerReader, ...others] = (await measureInterleaved(reparsingSubjects(workload), reparse)) as [Measurement, ...Measurement[]];
    for (const peer of others) {
      results.push(timeRow(peer, { ...base, role: 'peer', versus: peerReader, note: `in full; measured in rounds beside the reader (reader ${round(medianOf(peerReader.cpu), 3)} ms in those rounds)` }));
    }
  }
  return results;
}

const medianOf = (values: readonly number[]): number => quartiles(values).median;

/**
 * The reader building the whole document's partial value as well (every string decoded), against
 * the reader of two paths and the floor. Measured last: it takes the reader's other branch, whose
 * type feedback would otherwise be mixed into the reader's and the preview's runs.
 */
async function measureValueTree(size: number, plan: RoundPlan): Promise<BenchResult[]> {
  const workload = replyWorkload(size);
  const [scan, reader, tree] = (await measureInterleaved(
    [
      { name: SCAN, run: () => scanExtract(workload.chunks, workload.paths) },
      readerSubject(workload),
      {
        name: 'createPartialJsonReader (every string + value tree)',
        run: () => {
          const treeReader = createPartialJsonReader();
          for (const piece of workload.chunks) treeReader.write(piece);
          return treeReader.value();
        },
      },
    ],
    plan,
  )) as [Measurement, Measurement, Measurement];
  const base = { bench: BENCH, case: `${workload.name}: the value tree too` };
  return [timeRow(scan, { ...base, role: 'floor' }), timeRow(reader, { ...base, role: 'ours', versus: scan }), timeRow(tree, { ...base, role: 'ours', versus: reader })];
}

/** The reader alone at several sizes, in one set of rounds: the cost per MiB shows it is linear. */
async function measureLinearity(sizes: readonly number[], plan: RoundPlan): Promise<BenchResult[]> {
  const workloads = sizes.map((size) => replyWorkload(size));
  const measured = await measureInterleaved(
    workloads.map((workload) => ({ ...readerSubject(workload), name: `${READER}, ${sizeLabel(workload.text.length)}` })),
    plan,
  );
  const perMiB = measured.map((measurement, index) => (medianOf(measurement.cpu) * MiB) / workloads[index]!.text.length);
  return measured.map((measurement, index) =>
    timeRow(measurement, {
      bench: BENCH,
      case: 'linearity: the reader alone, 16-char chunks, sizes side by side',
      role: 'ours',
      extra: { msPerMiB: round(perMiB[index]!, 3), perMiBVsSmallest: `${round(perMiB[index]! / perMiB[0]!)}×` },
    }),
  );
}

/** The reply-preview benchmark: see the module comment. */
export const replyPreview: Bench = async (size: BenchSize) => {
  const plan = roundPlan(size);
  // One run of a re-parsing peer takes up to tens of seconds at 256 KiB: fewer rounds there.
  const heavy = roundPlan(size, bySize(size, { smoke: {}, quick: { rounds: 3 }, full: { warmup: 1, rounds: 3 } }));
  const sizes = bySize(size, { smoke: [4 * KiB, 16 * KiB], quick: [16 * KiB, 64 * KiB, MiB], full: [64 * KiB, 256 * KiB, MiB] });
  const reparsedUpTo = bySize(size, { smoke: 16 * KiB, quick: 64 * KiB, full: 256 * KiB });
  const users = bySize(size, { smoke: [3_000, 300], quick: [30_000, 3_000], full: [150_000, 15_000] } as const);
  const results: BenchResult[] = [];
  for (const chars of sizes) {
    const reparse = chars <= reparsedUpTo ? (chars === reparsedUpTo ? heavy : plan) : undefined;
    results.push(...(await measureWorkload(replyWorkload(chars), plan, reparse, chars === sizes[sizes.length - 1])));
  }
  results.push(...(await measureLinearity(sizes, plan)));
  results.push(...(await measureWorkload(fileWriteWorkload(users[0], users[1]), plan, heavy, false)));
  results.push(...(await measureValueTree(sizes[sizes.length - 1]!, plan)));
  return results;
};

await runAlone(import.meta.url, replyPreview);
