import { ModelRunner, type ModelProvider, type ProviderChunk, type ToolSpec } from '@jangts/agent-runner';
import { createReplyPreview } from '@jangts/agent-preview';
import type { Bench, BenchResult } from './bench-result.js';
import { chunk, interleavedMedians, replyArguments } from './reply-preview.js';
import { runAlone } from './run-alone.js';

/*
 * What the reply preview adds to a model call: one tool-calling stage whose JSON arguments (a long
 * `answer` and a `bubbles` array) stream in 16-character deltas through ModelRunner, once with a
 * no-op output sink (the floor: the runner's own cost) and once with createReplyPreview as the
 * sink. Target: the preview adds at most 2× to the runner's cost.
 */

const BENCH = 'preview-through-runner';

const reply: ToolSpec = {
  id: 'reply',
  description: 'Reply to the user',
  parameters: {
    type: 'object',
    properties: { answer: { type: 'string' }, bubbles: { type: 'array', items: { type: 'string' } } },
    required: ['answer'],
  },
};

function replayProvider(chunks: readonly ProviderChunk[]): ModelProvider {
  return {
    async *stream() {
      yield* chunks;
    },
  };
}

export const previewThroughRunner: Bench = async (size) => {
  const chars = size === 'smoke' ? 16 * 1024 : 1024 * 1024;
  const text = replyArguments(chars);
  const deltas: ProviderChunk[] = chunk(text, 16).map((argsDelta) => ({ type: 'tool-call', callId: 'call-1', toolId: 'reply', argsDelta }));
  deltas.push({ type: 'finish', reason: 'tool-calls' });
  const provider = replayProvider(deltas);
  const bare = new ModelRunner({ provider, sink: { output: { write: () => undefined } } });
  let sinkCalls = 0;
  const invoke = (runner: ModelRunner) => runner.invoke({ input: 'Answer the user', stageId: 'reply', tools: [reply] });
  const withPreview = () => {
    const preview = createReplyPreview({
      rules: [{ stageId: 'reply', toolId: 'reply', paths: [['answer'], ['bubbles', '*']] }],
      sink: () => {
        sinkCalls += 1;
      },
    });
    return invoke(new ModelRunner({ provider, sink: { output: preview } }));
  };
  const rounds = size === 'smoke' ? 3 : 9;
  const [floorMs = 0, previewMs = 0] = await interleavedMedians([() => invoke(bare), withPreview], rounds, 2);
  const caseName = `${Math.round(chars / 1024)} KiB in 16-char deltas`;
  const figures = { deltas: deltas.length - 1, 'sink calls per run': Math.round(sinkCalls / (rounds + 2)) };
  const results: BenchResult[] = [
    { bench: BENCH, case: caseName, subject: 'ModelRunner + no-op sink', role: 'floor', ms: floorMs, extra: figures },
    { bench: BENCH, case: caseName, subject: 'ModelRunner + createReplyPreview', role: 'ours', ms: previewMs, note: 'target: at most 2× the floor' },
  ];
  return results;
};

await runAlone(import.meta.url, previewThroughRunner);
