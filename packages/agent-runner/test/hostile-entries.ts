import { assembleFragments } from '@jangts/agent-context';
import fc from 'fast-check';
import { appSignal, type HostileEntry } from '../../agent-types/test/hostile-entry.js';
import { HostileCallError } from '../../agent-types/test/hostile-values.js';
import { ModelRunner } from '../src/model-runner.js';
import { fromAiSdkModel } from '../src/providers/ai-sdk.js';
import { createAnthropicProvider } from '../src/providers/anthropic.js';
import { createOpenAICompatibleProvider } from '../src/providers/openai-compatible.js';
import { createScriptedProvider } from '../src/providers/scripted.js';
import { anthropicBody, messageEnd, messageStart, textBlock } from '../src/providers/testing/anthropic-events.js';
import { chatChunk, sseBody } from '../src/providers/testing/sse-body.js';

/** Reads a provider's stream to its end (at most 10,000 chunks: a stream that does not end is the entry's failure, not a hang of the harness). */
async function drain(stream: AsyncIterable<unknown>): Promise<number> {
  let count = 0;
  for await (const _chunk of stream) if ((count += 1) >= 10_000) break;
  return count;
}

const fresh = <TValue>(make: () => TValue): fc.Arbitrary<TValue> => fc.constant(null).map(make);

/** A provider replying with one tool call when the stage has tools, with text otherwise, and a finish chunk. */
const providerArbitrary = fresh(() => ({
  id: 'hostile-test',
  async *stream(request: { tools: readonly unknown[] }) {
    const tools = request.tools.length > 0;
    yield await Promise.resolve(tools ? { type: 'tool-call', callId: 'c1', toolId: 'reply', argsDelta: '{"text":"hi"}' } : { type: 'text', text: 'ok' });
    yield { type: 'finish', reason: tools ? 'tool-calls' : 'stop' };
  },
}));

const runnerOptions = fc.record(
  {
    provider: providerArbitrary,
    sink: fresh(() => ({ output: { write: () => undefined } })),
    retry: fc.record({ attempts: fc.integer({ min: 1, max: 2 }), baseDelayMs: fc.constant(0) }, { requiredKeys: ['attempts'] }),
    timeoutMs: fc.constant(60_000),
    maxOutputChars: fc.integer({ min: 100, max: 10_000 }),
  },
  { requiredKeys: ['provider'] },
);

const REPLY_TOOL = { id: 'reply', description: 'Reply', parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false } };

const invokeRequest = fc.record(
  {
    input: fc.constantFrom<unknown>(
      'Where is order 7?',
      [{ role: 'user', content: 'Where is order 7?' }],
      { context: assembleFragments([{ id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', maxChars: 100, role: 'user', value: 'Where is order 7?' }], 1000), history: [] },
    ),
    stageId: fc.constant('reply'),
    tools: fresh(() => [structuredClone(REPLY_TOOL)]),
    context: fresh(() => ({ app: {}, signal: appSignal() })),
  },
  { requiredKeys: ['input', 'stageId'] },
);

const providerRequest = fresh(() => ({ stageId: 'reply', messages: [{ role: 'user', content: 'Where is order 7?' }, { role: 'assistant', content: '', toolCalls: [{ callId: 'c1', toolId: 'reply', args: { text: 'hi' } }] }, { role: 'tool', callId: 'c1', content: 'sent' }], tools: [structuredClone(REPLY_TOOL)] }));
const streamOptions = fc.option(fresh(() => ({ signal: appSignal() })), { nil: undefined });

const respond = (body: string) => (): Promise<Response> => Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));

const openAIOptions = fc.record(
  {
    baseURL: fc.constantFrom('https://api.example.com/v1', 'http://127.0.0.1:1/v1/?api-version=1'),
    model: fc.constant('m'),
    apiKey: fc.constant('sk-hostile-7d41c0'),
    headers: fresh(() => ({ 'x-app': 'hostile' })),
    body: fresh(() => ({ temperature: 0 })),
    fetch: fresh(() => respond(sseBody(chatChunk({ content: 'ok' }), chatChunk({}, 'stop'), '[DONE]'))),
  },
  { requiredKeys: ['baseURL', 'model', 'fetch'] },
);

const anthropicOptions = fc.record(
  {
    model: fc.constant('m'),
    apiKey: fc.constant('sk-ant-hostile-5e21'),
    maxTokens: fc.integer({ min: 1, max: 4096 }),
    baseURL: fc.constant('https://api.example.com'),
    headers: fresh(() => ({ 'x-app': 'hostile' })),
    fetch: fresh(() => respond(anthropicBody(messageStart(), ...textBlock(0, 'o', 'k'), ...messageEnd('end_turn')))),
  },
  { requiredKeys: ['model', 'apiKey', 'maxTokens', 'fetch'] },
);

const FINISH = { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 4, noCache: 4, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 2, text: 2, reasoning: undefined } } };

/** A plain-object AI SDK model (spec v3 or v4) streaming a text reply. */
const aiSdkModel = fc.constantFrom('v3', 'v4').map((specificationVersion) => ({
  specificationVersion,
  provider: 'hostile',
  modelId: 'm',
  supportedUrls: {},
  doGenerate: () => Promise.reject(new Error('not used')),
  doStream: () =>
    Promise.resolve({
      stream: new ReadableStream({
        start(controller) {
          for (const part of [{ type: 'stream-start', warnings: [] }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'ok' }, { type: 'text-end', id: 't' }, FINISH]) controller.enqueue(part);
          controller.close();
        },
      }),
    }),
}));

const scriptedSteps = fc.array(
  fc.constantFrom<() => unknown>(
    () => 'ok',
    () => [{ type: 'text', text: 'ok' }, { type: 'finish', reason: 'stop' }],
    () => ({ text: 'ok', chunkSize: 1 }),
    () => ({ toolCalls: [{ toolId: 'reply', args: { text: 'hi' } }], finish: 'tool-calls' }),
    () => () => 'from a function',
  ),
  { minLength: 1, maxLength: 3 },
).map((makers) => makers.map((make) => make()));

/** The public entry points of agent-runner, each with valid argument lists. */
export const runnerHostileEntries: readonly HostileEntry[] = [
  {
    name: 'new ModelRunner + invoke',
    valid: fc.tuple(runnerOptions, invokeRequest),
    run: ([options, request]) => new ModelRunner(options as never).invoke(request as never),
  },
  {
    name: 'createOpenAICompatibleProvider + stream',
    valid: fc.tuple(openAIOptions, providerRequest, streamOptions),
    run: ([options, request, stream]) => drain(createOpenAICompatibleProvider(options as never).stream(request as never, stream as never)),
  },
  {
    name: 'createAnthropicProvider + stream',
    valid: fc.tuple(anthropicOptions, providerRequest, streamOptions),
    run: ([options, request, stream]) => drain(createAnthropicProvider(options as never).stream(request as never, stream as never)),
  },
  {
    name: 'fromAiSdkModel + stream',
    valid: fc.tuple(aiSdkModel, fc.option(fc.record({ temperature: fc.constant(0), maxOutputTokens: fc.integer({ min: 1, max: 100 }) }, { requiredKeys: [] }), { nil: undefined }), providerRequest, streamOptions),
    run: ([model, settings, request, stream]) => drain(fromAiSdkModel(model as never, settings as never).stream(request as never, stream as never)),
  },
  {
    name: 'createScriptedProvider + stream',
    valid: fc.tuple(scriptedSteps, fc.option(fc.record({ id: fc.constant('scripted') }), { nil: undefined }), providerRequest, streamOptions),
    run: ([steps, options, request, stream]) => drain(createScriptedProvider(steps as never, options as never).stream(request as never, stream as never)),
    // Documented: a function step that throws fails the call with what it threw.
    handsBack: (error) => error instanceof HostileCallError,
  },
];
