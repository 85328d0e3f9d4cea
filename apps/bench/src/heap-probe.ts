import { pathToFileURL } from 'node:url';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import { createPartialJsonReader, createReplyPreview } from '@jangts/agent-preview';
import { ModelRunner, type ModelProvider, type OutputSink } from '@jangts/agent-runner';
import { cpuMs } from './harness.js';
import { freshChunks, MiB, REPLY_PATHS, REPLY_TOOL, replyArguments, replyEvents } from './reply-workload.js';
import { createScanExtract } from './scan-extract.js';

/*
 * One heap measurement, run as its own process (`node --expose-gc`, started by stream-memory):
 * `tsx src/heap-probe.ts <probe> <size>` prints one JSON line.
 *
 * How the heap is measured: the input is built first, then two full collections, and V8's used
 * heap size is the baseline. A `GCProfiler` records the used heap before and after every
 * collection while the subject runs. The used heap only grows between two collections, so the
 * largest "before" figure, or the figure at the end if larger, is the true peak of the used heap
 * (garbage not yet collected included: what the process must have room for); the largest "after"
 * figure is the peak of what was still reachable at a collection. Both are reported above the
 * baseline, in MiB. The deltas are cut from the input as they are fed, each a fresh string, so the
 * subject is charged for what it keeps of them, not for the input.
 */

const collect = (globalThis as { gc?: () => void }).gc;

/** What the subject returned, kept reachable through the last collection. */
const keptAlive: unknown[] = [];

function usedHeap(): number {
  return getHeapStatistics().used_heap_size;
}

interface HeapFigures {
  /** Peak used heap above the baseline, MiB. */
  readonly peakMiB: number;
  /** Peak heap still reachable at a collection above the baseline, MiB. */
  readonly peakLiveMiB: number;
  /** What the subject's result keeps after a full collection, MiB. */
  readonly retainedMiB: number;
  readonly cpuMs: number;
  readonly [figure: string]: number;
}

async function measureHeap(task: () => Promise<unknown>): Promise<HeapFigures> {
  if (collect === undefined) throw new Error('heap probes need node --expose-gc');
  collect();
  collect();
  const baseline = usedHeap();
  const profiler = new GCProfiler();
  profiler.start();
  const cpuStart = cpuMs();
  keptAlive.push(await task());
  const cpu = cpuMs() - cpuStart;
  const atEnd = usedHeap();
  const { statistics } = profiler.stop();
  collect();
  const retained = usedHeap();
  const before = statistics.map((entry) => entry.beforeGC.heapStatistics.usedHeapSize);
  const after = statistics.map((entry) => entry.afterGC.heapStatistics.usedHeapSize);
  const mib = (bytes: number): number => Math.round(((bytes - baseline) / MiB) * 1000) / 1000;
  keptAlive.length = 0;
  return { peakMiB: mib(Math.max(atEnd, ...before)), peakLiveMiB: mib(Math.max(retained, ...after)), retainedMiB: mib(retained), cpuMs: Math.round(cpu) };
}

const noOpSink: OutputSink = { write: () => undefined };

/** A provider streaming the reply arguments of `text` in fresh 16-char tool-call deltas. */
function replyProvider(text: string): ModelProvider {
  return {
    async *stream() {
      for (const argsDelta of freshChunks(text, 16)) yield { type: 'tool-call', callId: 'call-1', toolId: 'reply', argsDelta };
      yield { type: 'finish', reason: 'tool-calls' };
    },
  };
}

async function invokeReply(text: string, sink: OutputSink): Promise<unknown> {
  const result = await new ModelRunner({ provider: replyProvider(text), sink: { output: sink } }).invoke({ input: 'Answer the user', stageId: 'reply', tools: [REPLY_TOOL] });
  if (result.proposals.length !== 1) throw new Error('the probe call proposed no reply');
  return result;
}

function previewSink(): OutputSink {
  return createReplyPreview({ rules: [{ stageId: 'reply', toolId: 'reply', paths: REPLY_PATHS }], sink: () => undefined, live: true });
}

/** The scan + extract floor as the runner's sink: what any preview holding the shown strings keeps. */
function scanSink(): OutputSink & { readonly values: readonly string[] } {
  const scan = createScanExtract(REPLY_PATHS);
  return {
    write: (event) => {
      if (event.type === 'tool-call-delta') scan.write(event.argsDelta);
    },
    values: scan.values,
  };
}

/** Text deltas as gpt-4o streams them: short words, ASCII only (a one-byte string once flat). */
const WORDS = [" I'm", ' unable', ' to', ' provide', ' real', '-time', ' weather', ' updates', '.', ' To', ' get', ' the', ' current', ' weather', ' in', ' San', ' Francisco', ','];

/** `deltas` text deltas through the runner; the heap is read at the last delta, with the runner holding the whole text. */
async function textDeltas(deltas: number): Promise<HeapFigures> {
  let heldAtLastDelta = 0;
  let baseline = 0;
  const provider: ModelProvider = {
    async *stream() {
      for (let index = 0; index < deltas; index++) yield WORDS[index % WORDS.length]!;
      collect?.();
      heldAtLastDelta = usedHeap() - baseline;
      yield { type: 'finish', reason: 'stop' };
    },
  };
  let textChars = 0;
  const figures = await measureHeap(async () => {
    baseline = usedHeap();
    const result = await new ModelRunner({ provider, sink: { output: noOpSink } }).invoke({ input: 'go', stageId: 'text' });
    textChars = result.text.length;
    return result;
  });
  // The text is ASCII: flat, it takes one byte a character.
  return { ...figures, heldAtLastDeltaMiB: Math.round((heldAtLastDelta / MiB) * 1000) / 1000, finalTextMiB: Math.round((textChars / MiB) * 1000) / 1000 };
}

/**
 * The reply arguments of `size` characters, made flat before the measurement starts: a string
 * `JSON.stringify` returns may be a rope, which the first delta's slice would otherwise copy into
 * one flat string inside the measurement (200 MiB of heap charged to every subject at 100 MiB).
 */
function flatArguments(size: number): string {
  const text = replyArguments(size);
  // Reading a character of a rope flattens it in place.
  if (text.charCodeAt(0) !== 0x7b) throw new Error('the reply arguments are not an object');
  return text;
}

/** The probes, by name: each measures one subject on a reply of `size` characters (text deltas: `size` deltas). */
const PROBES: Readonly<Record<string, (size: number) => Promise<HeapFigures>>> = {
  reader: (size) => {
    const text = flatArguments(size);
    return measureHeap(async () => {
      const reader = createPartialJsonReader({ paths: REPLY_PATHS, value: false });
      for (const piece of freshChunks(text, 16)) reader.write(piece);
      return reader;
    });
  },
  preview: (size) => {
    const text = flatArguments(size);
    return measureHeap(async () => {
      const preview = previewSink();
      for (const event of replyEvents(freshChunks(text, 16))) {
        const pending = preview.write(event);
        if (pending !== undefined) await pending;
      }
      return preview;
    });
  },
  runner: (size) => {
    const text = flatArguments(size);
    return measureHeap(() => invokeReply(text, noOpSink));
  },
  'runner+preview': (size) => {
    const text = flatArguments(size);
    return measureHeap(() => invokeReply(text, previewSink()));
  },
  'runner+scan': (size) => {
    const text = flatArguments(size);
    return measureHeap(async () => {
      const sink = scanSink();
      return [await invokeReply(text, sink), sink];
    });
  },
  'text-deltas': textDeltas,
};

const [script, probe, size] = process.argv.slice(1);
if (script !== undefined && pathToFileURL(script).href === import.meta.url) {
  const run = PROBES[probe ?? ''];
  if (run === undefined) throw new Error(`unknown probe ${probe}; known: ${Object.keys(PROBES).join(', ')}`);
  console.log(JSON.stringify(await run(Number(size))));
}
