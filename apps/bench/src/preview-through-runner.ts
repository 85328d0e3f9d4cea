import { createReplyPreview } from '@jangts/agent-preview';
import { ModelRunner, type ModelProvider, type OutputEvent, type ProviderChunk } from '@jangts/agent-runner';
import { createOpenAICompatibleProvider } from '@jangts/agent-runner/providers/openai-compatible';
import { bySize, type Bench, type BenchResult } from './bench-result.js';
import { measureInterleaved, quartiles, round, roundPlan, timeRow, type Measurement, type RoundPlan } from './harness.js';
import { cutIntoReads, inMemoryFetch } from './in-memory-sse.js';
import { openAIToolCallBody } from './openai-sse-body.js';
import { chunk, MiB, REPLY_PATHS, REPLY_TOOL, replyArguments, sizeLabel } from './reply-workload.js';
import { runAlone } from './run-alone.js';
import { createScanExtract, scanExtract } from './scan-extract.js';

/*
 * What the reply preview adds to a model call: one tool-calling stage whose JSON arguments (a long
 * `answer` and a `bubbles` array) stream in 16-character deltas through ModelRunner, once with a
 * no-op output sink and once with createReplyPreview (no-op sink of its own) as the sink, side by
 * side; and the scan + extract floor over the same deltas, the least a preview could add, both
 * alone and as the runner's sink (its `write` scanning each delta's text): the floor of the goal's
 * ratio, what any preview reading the deltas must add to the runner.
 *
 * Two providers: one replaying ready-made chunks (the runner alone, the strictest comparison, where
 * issue 20's goal is judged) and the OpenAI-compatible provider reading the same deltas as an SSE
 * body served from memory (a model call without the network: bytes decoded, each event parsed).
 */

const BENCH = 'preview-through-runner';

function replayProvider(argsDeltas: readonly string[]): ModelProvider {
  const chunks: ProviderChunk[] = argsDeltas.map((argsDelta) => ({ type: 'tool-call', callId: 'call-1', toolId: 'reply', argsDelta }));
  chunks.push({ type: 'finish', reason: 'tool-calls' });
  return {
    async *stream() {
      yield* chunks;
    },
  };
}

function sseProvider(argsDeltas: readonly string[]): ModelProvider {
  const fetch = inMemoryFetch(cutIntoReads(openAIToolCallBody('reply', argsDeltas)));
  return createOpenAICompatibleProvider({ baseURL: 'http://bench.invalid/v1', model: 'gpt-4o', apiKey: 'sk-bench', fetch });
}

async function measure(provider: ModelProvider, argsDeltas: readonly string[], caseName: string, plan: RoundPlan, judged: boolean): Promise<BenchResult[]> {
  const invoke = async (runner: ModelRunner): Promise<void> => {
    const result = await runner.invoke({ input: 'Answer the user', stageId: 'reply', tools: [REPLY_TOOL] });
    if (result.proposals.length !== 1) throw new Error('the bench call proposed no reply');
  };
  const withPreview = (live: boolean) => ({
    name: live ? 'ModelRunner + createReplyPreview (live: true, no-op sink)' : 'ModelRunner + createReplyPreview (no-op sink, a copy per call)',
    run: () => {
      const preview = createReplyPreview({ rules: [{ stageId: 'reply', toolId: 'reply', paths: REPLY_PATHS }], sink: () => undefined, live });
      return invoke(new ModelRunner({ provider, sink: { output: preview } }));
    },
  });
  const scanSink = () => {
    const scan = createScanExtract(REPLY_PATHS);
    return {
      write: (event: OutputEvent) => {
        if (event.type === 'tool-call-delta') scan.write(event.argsDelta);
      },
    };
  };
  const [noOp, copied, live, scanInRunner, scan] = (await measureInterleaved(
    [
      { name: 'ModelRunner + no-op sink', run: () => invoke(new ModelRunner({ provider, sink: { output: { write: () => undefined } } })) },
      withPreview(false),
      withPreview(true),
      { name: 'ModelRunner + scan + extract as the sink (the floor of any preview)', run: () => invoke(new ModelRunner({ provider, sink: { output: scanSink() } })) },
      { name: 'scan + extract (the same deltas, alone)', run: () => scanExtract(argsDeltas, REPLY_PATHS) },
    ],
    plan,
  )) as [Measurement, Measurement, Measurement, Measurement, Measurement];
  const base = { bench: BENCH, case: caseName };
  const added = (measurement: Measurement) => {
    const ms = quartiles(measurement.cpu).median - quartiles(noOp.cpu).median;
    return { previewAddsMs: round(ms, 2), addedVsScanFloor: `${round(ms / quartiles(scan.cpu).median, 1)}×` };
  };
  return [
    timeRow(noOp, { ...base, role: 'floor', extra: { deltas: argsDeltas.length } }),
    timeRow(copied, { ...base, role: 'ours', versus: noOp, extra: added(copied) }),
    timeRow(live, {
      ...base,
      role: 'ours',
      versus: noOp,
      extra: added(live),
      ...(judged ? { goal: { text: 'runner + preview (live) ≤ 1.3× runner + no-op sink (issue 20)', limit: 1.3 } } : {}),
    }),
    timeRow(scanInRunner, { ...base, role: 'floor', versus: noOp, extra: added(scanInRunner) }),
    timeRow(scan, { ...base, role: 'floor' }),
  ];
}

/** The preview-through-runner benchmark: see the module comment. */
export const previewThroughRunner: Bench = async (size) => {
  const chars = bySize(size, { smoke: 16 * 1024, quick: MiB, full: MiB });
  const argsDeltas = chunk(replyArguments(chars), 16);
  const plan = roundPlan(size);
  const label = `${sizeLabel(chars)} tool call in 16-char deltas`;
  return [
    ...(await measure(replayProvider(argsDeltas), argsDeltas, `${label}, replayed chunks`, plan, true)),
    ...(await measure(sseProvider(argsDeltas), argsDeltas, `${label}, OpenAI-compatible SSE from memory`, plan, false)),
  ];
};

await runAlone(import.meta.url, previewThroughRunner);
