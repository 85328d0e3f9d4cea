import { createReplyPreview } from '@jangts/agent-preview';
import { ModelRunner, type ModelProvider, type ProviderChunk } from '@jangts/agent-runner';
import { createOpenAICompatibleProvider } from '@jangts/agent-runner/providers/openai-compatible';
import { bySize, type Bench, type BenchResult } from './bench-result.js';
import { measureInterleaved, quartiles, round, roundPlan, timeRow, type Measurement, type RoundPlan } from './harness.js';
import { cutIntoReads, inMemoryFetch } from './in-memory-sse.js';
import { openAIToolCallBody } from './openai-sse-body.js';
import { chunk, MiB, REPLY_PATHS, REPLY_TOOL, replyArguments, sizeLabel } from './reply-workload.js';
import { runAlone } from './run-alone.js';
import { scanExtract } from './scan-extract.js';

/*
 * What the reply preview adds to a model call: one tool-calling stage whose JSON arguments (a long
 * `answer` and a `bubbles` array) stream in 16-character deltas through ModelRunner, once with a
 * no-op output sink and once with createReplyPreview (no-op sink of its own) as the sink, side by
 * side; and the scan + extract floor over the same deltas, the least a preview could add.
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
  const [noOp, withPreview, scan] = (await measureInterleaved(
    [
      { name: 'ModelRunner + no-op sink', run: () => invoke(new ModelRunner({ provider, sink: { output: { write: () => undefined } } })) },
      {
        name: 'ModelRunner + createReplyPreview (no-op sink)',
        run: () => {
          const preview = createReplyPreview({ rules: [{ stageId: 'reply', toolId: 'reply', paths: REPLY_PATHS }], sink: () => undefined });
          return invoke(new ModelRunner({ provider, sink: { output: preview } }));
        },
      },
      { name: 'scan + extract (the same deltas, alone)', run: () => scanExtract(argsDeltas, REPLY_PATHS) },
    ],
    plan,
  )) as [Measurement, Measurement, Measurement];
  const added = quartiles(withPreview.cpu).median - quartiles(noOp.cpu).median;
  const base = { bench: BENCH, case: caseName };
  return [
    timeRow(noOp, { ...base, role: 'floor', extra: { deltas: argsDeltas.length } }),
    timeRow(withPreview, {
      ...base,
      role: 'ours',
      versus: noOp,
      extra: { previewAddsMs: round(added, 2), addedVsScanFloor: `${round(added / quartiles(scan.cpu).median, 1)}×` },
      ...(judged ? { goal: { text: 'runner + preview ≤ 1.3× runner + no-op sink (issue 20)', limit: 1.3 } } : {}),
    }),
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
