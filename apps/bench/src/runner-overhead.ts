import { ModelRunner, type ModelProvider, type OutputSink, type ProviderRequest } from '@jangts/agent-runner';
import { simulateReadableStream, streamText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { Bench, BenchResult, BenchSize } from './bench-result.js';
import { runAlone } from './run-alone.js';

const BENCH = 'runner-overhead';

/** A provider that yields `deltas` one-character text deltas, then a finish chunk. */
function deltaProvider(deltas: number): ModelProvider {
  return {
    id: 'bench',
    async *stream() {
      for (let index = 0; index < deltas; index++) yield 'x';
      yield { type: 'finish', reason: 'stop' };
    },
  };
}

/** The floor: a bare `for await` over the same provider, keeping only the text length. */
async function bareLoop(provider: ModelProvider): Promise<number> {
  const request: ProviderRequest = { stageId: 'bench', messages: [{ role: 'user', content: 'go' }], tools: [] };
  let chars = 0;
  for await (const chunk of provider.stream(request, { signal: new AbortController().signal })) {
    if (typeof chunk === 'string') chars += chunk.length;
  }
  return chars;
}

/** Ours: `ModelRunner.invoke` with a no-op sink receiving every event. */
async function runnerInvoke(provider: ModelProvider): Promise<number> {
  const sink: OutputSink = { write() {} };
  const runner = new ModelRunner({ provider, sink: { output: sink } });
  const result = await runner.invoke({ input: 'go', stageId: 'bench' });
  return result.text.length;
}

/** The peer: the AI SDK's `streamText` over its mock model streaming the same deltas, every delta consumed. */
async function aiStreamText(deltas: number): Promise<number> {
  const chunks = [
    { type: 'text-start' as const, id: '0' },
    ...Array.from({ length: deltas }, () => ({ type: 'text-delta' as const, id: '0', delta: 'x' })),
    { type: 'text-end' as const, id: '0' },
    {
      type: 'finish' as const,
      finishReason: { unified: 'stop' as const, raw: 'stop' },
      usage: {
        inputTokens: { total: 1, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 1, text: undefined, reasoning: undefined },
      },
    },
  ];
  const model = new MockLanguageModelV4({ doStream: async () => ({ stream: simulateReadableStream({ chunks, chunkDelayInMs: null }) }) });
  const result = streamText({ model, prompt: 'go' });
  let chars = 0;
  for await (const delta of result.textStream) chars += delta.length;
  return chars;
}

async function time(run: () => Promise<number>, expected: number): Promise<number> {
  const started = performance.now();
  const chars = await run();
  const ms = performance.now() - started;
  if (chars !== expected) throw new Error(`expected ${expected} characters, got ${chars}`);
  return ms;
}

function median(times: number[]): number {
  const sorted = times.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Times floor and ours alternately, so both see the same machine load; returns both medians. */
async function interleaved(runs: number, floor: () => Promise<number>, ours: () => Promise<number>, expected: number): Promise<[number, number]> {
  const floorTimes: number[] = [];
  const ourTimes: number[] = [];
  for (let index = 0; index < runs; index++) {
    floorTimes.push(await time(floor, expected));
    ourTimes.push(await time(ours, expected));
  }
  return [median(floorTimes), median(ourTimes)];
}

/**
 * Runner overhead: text deltas through `ModelRunner.invoke` with a no-op sink, against a bare
 * `for await` over the same provider (floor) and the AI SDK's `streamText` with its mock model
 * (peer), in one run. `full` streams 100,000 deltas; `smoke` 1,000.
 */
export const runnerOverhead: Bench = async (size: BenchSize) => {
  const deltas = size === 'full' ? 100_000 : 1_000;
  const provider = deltaProvider(deltas);
  const label = `${deltas.toLocaleString('en-US')} text deltas`;
  // Warm up every subject once so the JIT has seen each path.
  await time(() => bareLoop(provider), deltas);
  await time(() => runnerInvoke(provider), deltas);
  await time(() => aiStreamText(Math.min(deltas, 1_000)), Math.min(deltas, 1_000));
  const [floor, ours] = await interleaved(9, () => bareLoop(provider), () => runnerInvoke(provider), deltas);
  const peerRuns = size === 'full' ? 1 : 3;
  const peerTimes: number[] = [];
  for (let index = 0; index < peerRuns; index++) peerTimes.push(await time(() => aiStreamText(deltas), deltas));
  const peer = median(peerTimes);
  const perDelta = (ms: number): string => `${((ms * 1e6) / deltas).toFixed(0)} ns`;
  const results: BenchResult[] = [
    { bench: BENCH, case: label, subject: 'for await (bare loop)', role: 'floor', ms: floor, extra: { perDelta: perDelta(floor) } },
    {
      bench: BENCH,
      case: label,
      subject: 'ModelRunner.invoke (no-op sink)',
      role: 'ours',
      ms: ours,
      extra: { perDelta: perDelta(ours), vsFloor: `${(ours / floor).toFixed(2)}x`, vsStreamText: `${(peer / ours).toFixed(1)}x faster` },
    },
    {
      bench: BENCH,
      case: label,
      subject: 'ai streamText (MockLanguageModelV4)',
      role: 'peer',
      ms: peer,
      extra: { perDelta: perDelta(peer), vsFloor: `${(peer / floor).toFixed(1)}x` },
      note: peerRuns === 1 ? 'one timed run (each takes seconds); floor and ours are medians of 9 alternating runs' : `median of ${peerRuns}`,
    },
  ];
  return results;
};

await runAlone(import.meta.url, runnerOverhead);
