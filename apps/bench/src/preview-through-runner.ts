import { ModelRunner, type ModelProvider, type ProviderChunk, type ToolSpec } from '@jangts/agent-runner';
import { createOpenAICompatibleProvider } from '@jangts/agent-runner/providers/openai-compatible';
import { createPartialJsonReader, createReplyPreview } from '@jangts/agent-preview';
import type { OutputEvent } from '@jangts/agent-types';
import type { Bench, BenchResult } from './bench-result.js';
import { cutIntoReads, inMemoryFetch } from './in-memory-sse.js';
import { chunk, interleavedMedians, replyArguments } from './reply-preview.js';
import { runAlone } from './run-alone.js';

/*
 * What the reply preview adds to a model call: one tool-calling stage whose JSON arguments (a long
 * `answer` and a `bubbles` array) stream in 16-character deltas through ModelRunner, once with a
 * no-op output sink (the floor: the runner's own cost) and once with createReplyPreview as the
 * sink. Target: the runner with the preview costs at most 1.3× the runner with a no-op sink. A
 * third subject feeds the deltas to the bare reader as the runner's sink: what any preview
 * reading the arguments pays at least.
 *
 * Two providers: one replaying ready-made chunks (the runner alone, the strictest floor) and the
 * OpenAI-compatible provider reading the same deltas as an SSE body served from memory (a model
 * call without the network: the bytes decoded, each event parsed).
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

function replayProvider(argsDeltas: readonly string[]): ModelProvider {
  const chunks: ProviderChunk[] = argsDeltas.map((argsDelta) => ({ type: 'tool-call', callId: 'call-1', toolId: 'reply', argsDelta }));
  chunks.push({ type: 'finish', reason: 'tool-calls' });
  return {
    async *stream() {
      yield* chunks;
    },
  };
}

/** The OpenAI chat-completions SSE body of one `reply` call streaming `argsDeltas`. */
function openAIBody(argsDeltas: readonly string[]): string {
  const event = (delta: unknown, finish: string | null = null): string =>
    `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1727346168,"model":"gpt-4o","choices":[{"index":0,"delta":${JSON.stringify(delta)},"finish_reason":${JSON.stringify(finish)}}]}\n\n`;
  const events = [event({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call-1', type: 'function', function: { name: 'reply', arguments: '' } }] })];
  for (const argsDelta of argsDeltas) events.push(event({ tool_calls: [{ index: 0, function: { arguments: argsDelta } }] }));
  events.push(event({}, 'tool_calls'), 'data: [DONE]\n\n');
  return events.join('');
}

function sseProvider(argsDeltas: readonly string[]): ModelProvider {
  const fetch = inMemoryFetch(cutIntoReads(openAIBody(argsDeltas)));
  return createOpenAICompatibleProvider({ baseURL: 'http://bench.invalid/v1', model: 'gpt-4o', apiKey: 'sk-bench', fetch });
}

/** The floor and the preview on one provider, alternating; returns both rows. */
async function measure(provider: ModelProvider, caseName: string, deltas: number, rounds: number): Promise<BenchResult[]> {
  const invoke = (runner: ModelRunner) => runner.invoke({ input: 'Answer the user', stageId: 'reply', tools: [reply] });
  const bare = new ModelRunner({ provider, sink: { output: { write: () => undefined } } });
  let sinkCalls = 0;
  const withPreview = () => {
    const preview = createReplyPreview({
      rules: [{ stageId: 'reply', toolId: 'reply', paths: [['answer'], ['bubbles', '*']] }],
      sink: () => {
        sinkCalls += 1;
      },
    });
    return invoke(new ModelRunner({ provider, sink: { output: preview } }));
  };
  const withReader = () => {
    const reader = createPartialJsonReader({ paths: [['answer'], ['bubbles', '*']], value: false });
    const write = (event: OutputEvent): undefined => {
      if (event.type === 'tool-call-delta') reader.write(event.argsDelta);
    };
    return invoke(new ModelRunner({ provider, sink: { output: { write } } }));
  };
  const warmup = 2;
  const [floorMs = 0, previewMs = 0, readerMs = 0] = await interleavedMedians([() => invoke(bare), withPreview, withReader], rounds, warmup);
  const figures = { deltas, 'sink calls per run': Math.round(sinkCalls / (rounds + warmup)) };
  const vsFloor = (ms: number): string => `${Math.round((ms / floorMs) * 100) / 100}×`;
  return [
    { bench: BENCH, case: caseName, subject: 'ModelRunner + no-op sink', role: 'floor', ms: floorMs, extra: figures },
    { bench: BENCH, case: caseName, subject: 'ModelRunner + createReplyPreview', role: 'ours', ms: previewMs, extra: { vsFloor: vsFloor(previewMs) }, note: 'target: at most 1.3× the floor' },
    { bench: BENCH, case: caseName, subject: 'ModelRunner + the reader alone as sink', role: 'floor', ms: readerMs, extra: { vsFloor: vsFloor(readerMs) }, note: 'what reading the arguments costs in the runner' },
  ];
}

export const previewThroughRunner: Bench = async (size) => {
  const chars = size === 'smoke' ? 16 * 1024 : 1024 * 1024;
  const argsDeltas = chunk(replyArguments(chars), 16);
  const rounds = size === 'smoke' ? 3 : 9;
  const label = `${Math.round(chars / 1024)} KiB in 16-char deltas`;
  return [
    ...(await measure(replayProvider(argsDeltas), `${label}, replayed chunks`, argsDeltas.length, rounds)),
    ...(await measure(sseProvider(argsDeltas), `${label}, OpenAI-compatible SSE from memory`, argsDeltas.length, rounds)),
  ];
};

await runAlone(import.meta.url, previewThroughRunner);
