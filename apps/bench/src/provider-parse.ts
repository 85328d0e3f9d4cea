import { createAnthropicProvider } from '@jangts/agent-runner/providers/anthropic';
import { createOpenAICompatibleProvider } from '@jangts/agent-runner/providers/openai-compatible';
import type { ModelProvider } from '@jangts/agent-types';
import { createParser } from 'eventsource-parser';
import { bySize, type Bench, type BenchResult, type BenchSize } from './bench-result.js';
import { measureInterleaved, quartiles, round, roundPlan, timeRow, type Measurement } from './harness.js';
import { bodyOf, cutIntoReads, inMemoryFetch } from './in-memory-sse.js';
import { runAlone } from './run-alone.js';

const BENCH = 'provider-parse';

/** Stream size per bench size: `smoke` proves the bench runs; `full` is the 10 MB the issue asks for. */
const BYTES: Readonly<Record<BenchSize, number>> = { smoke: 64 * 1024, quick: 2 * 1024 * 1024, full: 10 * 1024 * 1024 };

/** Text pieces as gpt-4o and Claude stream them (from the recorded fixtures). */
const TEXT_PIECES = [
  "I'm", ' unable', ' to', ' provide', ' real', '-time', ' weather', ' updates', '.', ' To', ' get', ' the', ' current',
  ' weather', ' in', ' San', ' Francisco', ',', ' I', ' recommend', ' checking', ' a', ' reliable', ' weather', ' website',
  ' or', ' a', ' weather', ' app', '.', ' 你好', ',', '世界', '。',
];
/** Tool argument pieces, split mid-key as the recorded parallel tool call stream does. */
const ARG_PIECES = ['{"ci', 'ty": ', '"Edinb', 'urgh', '", "c', 'ountry', '": "', 'GB", ', '"units', '": "', 'c"}', ', '];

/**
 * Builds one recorded-shape SSE stream of about `bytes` bytes: half text deltas, half the
 * argument deltas of one tool call, then the finish (OpenAI: finish_reason, usage, `[DONE]`;
 * Anthropic: message_delta, message_stop).
 */
function buildStream(protocol: 'openai' | 'anthropic', bytes: number): { body: string; events: number } {
  const parts: string[] = [];
  let size = 0;
  let events = 0;
  const push = (event: string): void => {
    parts.push(event);
    size += Buffer.byteLength(event);
    events += 1;
  };
  if (protocol === 'openai') {
    const chunk = (delta: unknown, finish: string | null = null): string =>
      `data: {"id":"chatcmpl-ABfw031mOJeYCSHe4yI2ZjOA6kMJL","object":"chat.completion.chunk","created":1727346168,"model":"gpt-4o-2024-08-06","system_fingerprint":"fp_5050236cbd","choices":[{"index":0,"delta":${JSON.stringify(delta)},"logprobs":null,"finish_reason":${JSON.stringify(finish)}}]}\n\n`;
    push(chunk({ role: 'assistant', content: '', refusal: null }));
    for (let index = 0; size < bytes / 2; index += 1) push(chunk({ content: TEXT_PIECES[index % TEXT_PIECES.length] }));
    push(chunk({ tool_calls: [{ index: 0, id: 'call_JMW1whyEaYG438VE1OIflxA2', type: 'function', function: { name: 'GetWeatherArgs', arguments: '' } }] }));
    for (let index = 0; size < bytes; index += 1) push(chunk({ tool_calls: [{ index: 0, function: { arguments: ARG_PIECES[index % ARG_PIECES.length] } }] }));
    push(chunk({}, 'tool_calls'));
    push('data: {"id":"chatcmpl-ABfw031mOJeYCSHe4yI2ZjOA6kMJL","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":14,"completion_tokens":30,"total_tokens":44}}\n\n');
    push('data: [DONE]\n\n');
  } else {
    const event = (data: { readonly type: string; readonly [field: string]: unknown }): string => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
    push(event({ type: 'message_start', message: { id: 'msg_019Q1hrJbZG26Fb9BQhrkHEr', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [], stop_reason: null, usage: { input_tokens: 377, output_tokens: 1 } } }));
    push(event({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }));
    for (let index = 0; size < bytes / 2; index += 1) {
      push(event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: TEXT_PIECES[index % TEXT_PIECES.length] } }));
    }
    push(event({ type: 'content_block_stop', index: 0 }));
    push(event({ type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_01NRLabsLyVHZPKxbKvkfSMn', name: 'get_weather', input: {} } }));
    for (let index = 0; size < bytes; index += 1) {
      push(event({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: ARG_PIECES[index % ARG_PIECES.length] } }));
    }
    push(event({ type: 'content_block_stop', index: 1 }));
    push(event({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 65 } }));
    push(event({ type: 'message_stop' }));
  }
  return { body: parts.join(''), events };
}

/** The floor: the same body read and decoded, each event parsed by `eventsource-parser` and nothing else. */
async function parseOnly(pieces: readonly Uint8Array[], parseJson: boolean): Promise<number> {
  let events = 0;
  const parser = createParser({
    onEvent: (event) => {
      events += 1;
      if (parseJson && event.data !== '[DONE]') JSON.parse(event.data);
    },
  });
  const decoder = new TextDecoder();
  const reader = bodyOf(pieces).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  return events;
}

async function drain(provider: ModelProvider): Promise<number> {
  let chunks = 0;
  const request = { stageId: 'bench', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };
  // The HTTP providers yield one list of chunks per network read.
  for await (const item of provider.stream(request, { signal: new AbortController().signal })) {
    for (const chunk of Array.isArray(item) ? item : [item]) if (chunk !== '') chunks += 1;
  }
  return chunks;
}

/**
 * Parse throughput of a ~10 MB recorded-shape SSE stream through each HTTP provider (fetch
 * answered from memory with the bytes in realistic read sizes, so networking is not measured)
 * against `eventsource-parser` alone on the same bytes (the floor) and `eventsource-parser`
 * plus `JSON.parse` of every event (what any provider must at least do), side by side in one
 * process.
 */
export const providerParse: Bench = async (size) => {
  const results: BenchResult[] = [];
  for (const protocol of ['openai', 'anthropic'] as const) {
    const { body, events } = buildStream(protocol, BYTES[size]);
    const pieces = cutIntoReads(body);
    const megabytes = Buffer.byteLength(body) / (1024 * 1024);
    const fetch = inMemoryFetch(pieces);
    const provider =
      protocol === 'openai'
        ? createOpenAICompatibleProvider({ baseURL: 'http://bench.invalid/v1', model: 'gpt-4o', apiKey: 'sk-bench', fetch })
        : createAnthropicProvider({ model: 'claude-sonnet-4-5', maxTokens: 1024, apiKey: 'sk-bench', fetch });
    const [parser, parserJson, ours] = (await measureInterleaved(
      [
        { name: 'eventsource-parser', run: () => parseOnly(pieces, false) },
        { name: 'eventsource-parser + JSON.parse', run: () => parseOnly(pieces, true) },
        { name: protocol === 'openai' ? 'createOpenAICompatibleProvider' : 'createAnthropicProvider', run: () => drain(provider) },
      ],
      roundPlan(size, bySize(size, { smoke: {}, quick: {}, full: { rounds: 9 } })),
    )) as [Measurement, Measurement, Measurement];
    const label = `${protocol} ${megabytes >= 1 ? `${round(megabytes, 1)} MB` : `${Math.round(megabytes * 1024)} KiB`}`;
    const throughput = (measurement: Measurement): Record<string, number> => ({ MBps: round(megabytes / (quartiles(measurement.cpu).median / 1000), 1) });
    const base = { bench: BENCH, case: label };
    results.push(
      timeRow(parser, { ...base, role: 'floor', extra: { ...throughput(parser), events, reads: pieces.length } }),
      timeRow(parserJson, { ...base, role: 'floor', versus: parser, extra: throughput(parserJson) }),
      timeRow(ours, { ...base, role: 'ours', versus: parserJson, extra: throughput(ours) }),
    );
  }
  return results;
};

await runAlone(import.meta.url, providerParse);
