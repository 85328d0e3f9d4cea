import { ModelRunner, type ModelProvider, type OutputSink, type ProviderRequest } from '@jangts/agent-runner';
import { createOpenAICompatibleProvider } from '@jangts/agent-runner/providers/openai-compatible';
import { Agent, run, setTracingDisabled, Usage, type Model, type ModelResponse, type StreamEvent } from '@openai/agents';
import { simulateReadableStream, streamText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { bySize, type Bench, type BenchResult, type BenchSize } from './bench-result.js';
import { compare, goal, measureInterleaved, quartiles, round, roundPlan, timeRow, type Measurement, type RoundPlan } from './harness.js';
import { bodyOf, cutIntoReads, inMemoryFetch } from './in-memory-sse.js';
import { openAITextBody } from './openai-sse-body.js';
import { runAlone } from './run-alone.js';

/*
 * What the runner adds per streamed chunk:
 * - text deltas replayed by a provider through `ModelRunner.invoke` (no-op sink) against a bare
 *   `for await` over the same provider (the floor), the AI SDK's `streamText` over its mock model
 *   and the OpenAI Agents SDK's streamed `run` over a mock model (the peers), every delta consumed;
 * - the same deltas as an OpenAI-compatible SSE body served from memory: the runner against an
 *   empty `for await` over the provider's own stream (the same network reads, decoded and parsed),
 *   and against reading the body alone;
 * - 1,000 concurrent invokes of 50 deltas each, invokes per CPU-second against the same 1,000
 *   `for await` loops over the provider.
 */

const BENCH = 'runner-overhead';
const REQUEST: ProviderRequest = { stageId: 'bench', messages: [{ role: 'user', content: 'go' }], tools: [] };
const noOpSink: OutputSink = { write: () => undefined };

setTracingDisabled(true);

/** A provider that yields `deltas` one-character text deltas, then a finish chunk. */
function replayProvider(deltas: number): ModelProvider {
  return {
    async *stream() {
      for (let index = 0; index < deltas; index++) yield 'x';
      yield { type: 'finish', reason: 'stop' };
    },
  };
}

/** The OpenAI-compatible provider over an in-memory fetch answering with `deltas` one-character text deltas. */
function sseProvider(deltas: number): { provider: ModelProvider; reads: Uint8Array[] } {
  const reads = cutIntoReads(openAITextBody(Array.from({ length: deltas }, () => 'x')));
  return { provider: createOpenAICompatibleProvider({ baseURL: 'http://bench.invalid/v1', model: 'gpt-4o', apiKey: 'sk-bench', fetch: inMemoryFetch(reads) }), reads };
}

/** The floor: a `for await` over the provider's stream that does nothing with the chunks. */
async function emptyLoop(provider: ModelProvider): Promise<void> {
  for await (const _chunk of provider.stream(REQUEST, { signal: new AbortController().signal })) {
    // nothing: the provider's own cost
  }
}

/** Ours: one `ModelRunner.invoke` with a no-op sink; checks every delta arrived. */
async function invoke(provider: ModelProvider, deltas: number): Promise<void> {
  const result = await new ModelRunner({ provider, sink: { output: noOpSink } }).invoke({ input: 'go', stageId: 'bench' });
  if (result.text.length !== deltas) throw new Error(`expected ${deltas} characters, got ${result.text.length}`);
}

/** The AI SDK's `streamText` over its mock model streaming the same deltas, every delta consumed. */
async function aiStreamText(deltas: number): Promise<void> {
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
  let chars = 0;
  for await (const delta of streamText({ model, prompt: 'go' }).textStream) chars += delta.length;
  if (chars !== deltas) throw new Error(`streamText: expected ${deltas} characters, got ${chars}`);
}

/** A mock model for the OpenAI Agents SDK streaming `deltas` one-character text deltas. */
function agentsModel(deltas: number): Model {
  const usage = { requests: 1, inputTokens: 1, outputTokens: deltas, totalTokens: deltas + 1 };
  const response: ModelResponse = {
    usage: new Usage(usage),
    output: [{ type: 'message', id: 'message-1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'x'.repeat(deltas) }] }],
  };
  return {
    getResponse: () => Promise.resolve(response),
    async *getStreamedResponse(): AsyncIterable<StreamEvent> {
      yield { type: 'response_started' };
      for (let index = 0; index < deltas; index++) yield { type: 'output_text_delta', delta: 'x' };
      yield { type: 'response_done', response: { id: 'response-1', usage, output: response.output } } as StreamEvent;
    },
  };
}

/** The OpenAI Agents SDK's streamed `run` over the mock model, every text delta consumed. */
async function agentsRun(agent: Agent, deltas: number): Promise<void> {
  const result = await run(agent, 'go', { stream: true });
  let chars = 0;
  for await (const delta of result.toTextStream()) chars += delta.length;
  await result.completed;
  if (chars !== deltas) throw new Error(`@openai/agents: expected ${deltas} characters, got ${chars}`);
}

function perDelta(measurement: Measurement, deltas: number): string {
  return `${round((quartiles(measurement.cpu).median * 1e6) / deltas, 0)} ns`;
}

async function replayedDeltas(deltas: number, plan: RoundPlan, peerPlan: RoundPlan): Promise<BenchResult[]> {
  const provider = replayProvider(deltas);
  const caseName = `${deltas.toLocaleString('en-US')} text deltas, replayed by a provider`;
  const base = { bench: BENCH, case: caseName };
  const [floor, ours] = (await measureInterleaved(
    [
      { name: 'for await (bare loop over the provider)', run: () => emptyLoop(provider) },
      { name: 'ModelRunner.invoke (no-op sink)', run: () => invoke(provider, deltas) },
    ],
    plan,
  )) as [Measurement, Measurement];
  const agent = new Agent({ name: 'bench', instructions: 'go', model: agentsModel(deltas) });
  // The peers take up to seconds a run: their own rounds, with the runner beside them.
  const [reference, ai, agents] = (await measureInterleaved(
    [
      { name: 'ModelRunner.invoke (no-op sink)', run: () => invoke(provider, deltas) },
      { name: 'ai streamText (MockLanguageModelV4)', run: () => aiStreamText(deltas) },
      { name: '@openai/agents run({ stream: true }), mock Model', run: () => agentsRun(agent, deltas) },
    ],
    peerPlan,
  )) as [Measurement, Measurement, Measurement];
  return [
    timeRow(floor, { ...base, role: 'floor', extra: { perDelta: perDelta(floor, deltas) } }),
    timeRow(ours, { ...base, role: 'ours', versus: floor, extra: { perDelta: perDelta(ours, deltas) } }),
    timeRow(ai, { ...base, role: 'peer', versus: reference, extra: { perDelta: perDelta(ai, deltas) } }),
    timeRow(agents, { ...base, role: 'peer', versus: reference, extra: { perDelta: perDelta(agents, deltas) }, note: 'no partial-JSON reader in @openai/agents: tool-call arguments arrive whole' }),
  ];
}

async function networkReads(deltas: number, plan: RoundPlan): Promise<BenchResult[]> {
  const { provider, reads } = sseProvider(deltas);
  const caseName = `${deltas.toLocaleString('en-US')} text deltas, OpenAI-compatible SSE from memory (${reads.length} network reads)`;
  const base = { bench: BENCH, case: caseName };
  const [body, floor, ours] = (await measureInterleaved(
    [
      {
        name: 'for await over the body reads alone (bytes, not decoded)',
        run: async () => {
          for await (const _read of bodyOf(reads)) {
            // nothing: what the network hands over
          }
        },
      },
      { name: 'for await over the provider (empty loop)', run: () => emptyLoop(provider) },
      { name: 'ModelRunner.invoke (no-op sink)', run: () => invoke(provider, deltas) },
    ],
    plan,
  )) as [Measurement, Measurement, Measurement];
  return [
    timeRow(body, { ...base, role: 'floor' }),
    timeRow(floor, { ...base, role: 'floor', versus: body }),
    timeRow(ours, {
      ...base,
      role: 'ours',
      versus: floor,
      extra: { perDelta: perDelta(ours, deltas) },
      goal: { text: 'runner ≤ 1.15× an empty for await over the same network reads (issue 20)', limit: 1.15 },
    }),
  ];
}

/** A throughput row: invokes per CPU-second of each round, against `reference`'s. */
function throughputRow(measurement: Measurement, invokes: number, fields: { readonly case: string; readonly role: BenchResult['role'] }, reference?: Measurement, goalText?: string): BenchResult {
  const perCpuSecond = (cpu: readonly number[]): number[] => cpu.map((ms) => (invokes * 1000) / ms);
  const values = perCpuSecond(measurement.cpu);
  const spread = quartiles(values);
  const versus = reference === undefined ? undefined : compare(values, perCpuSecond(reference.cpu), reference.name);
  return {
    bench: BENCH,
    ...fields,
    subject: measurement.name,
    value: spread.median,
    unit: 'per CPU-s',
    spread: [spread.low, spread.high],
    samples: values.length,
    ...(versus === undefined ? {} : { versus }),
    ...(versus === undefined || goalText === undefined ? {} : { goal: goal(versus.ratio, goalText, 'at-least', 0.8) }),
    extra: { cpuMsPerRun: round(quartiles(measurement.cpu).median, 1), wallMsPerRun: round(quartiles(measurement.wall).median, 1) },
  };
}

async function concurrentInvokes(invokes: number, deltas: number, plan: RoundPlan, provider: ModelProvider, label: string): Promise<BenchResult[]> {
  const [bare, ours] = (await measureInterleaved(
    [
      { name: `${invokes.toLocaleString('en-US')} concurrent for await loops over the provider`, run: () => Promise.all(Array.from({ length: invokes }, () => emptyLoop(provider))) },
      { name: `${invokes.toLocaleString('en-US')} concurrent ModelRunner.invoke (no-op sink)`, run: () => Promise.all(Array.from({ length: invokes }, () => invoke(provider, deltas))) },
    ],
    plan,
  )) as [Measurement, Measurement];
  const caseName = `${invokes.toLocaleString('en-US')} concurrent invokes of ${deltas} deltas, ${label}`;
  return [
    throughputRow(bare, invokes, { case: caseName, role: 'floor' }),
    throughputRow(ours, invokes, { case: caseName, role: 'ours' }, bare, 'invokes per CPU-second ≥ 0.8× the bare loop’s (issue 20)'),
  ];
}

/** The runner-overhead benchmark: see the module comment. */
export const runnerOverhead: Bench = async (size: BenchSize) => {
  const plan = roundPlan(size);
  const peerPlan = roundPlan(size, bySize(size, { smoke: {}, quick: { rounds: 3 }, full: { warmup: 2, rounds: 5 } }));
  const deltas = bySize(size, { smoke: 1_000, quick: 100_000, full: 100_000 });
  const invokes = bySize(size, { smoke: 20, quick: 1_000, full: 1_000 });
  return [
    ...(await replayedDeltas(deltas, plan, peerPlan)),
    ...(await networkReads(deltas, plan)),
    ...(await concurrentInvokes(invokes, 50, plan, replayProvider(50), 'replayed by a provider (as issue 20 measured it)')),
    ...(await concurrentInvokes(invokes, 50, plan, sseProvider(50).provider, 'OpenAI-compatible SSE from memory')),
  ];
};

await runAlone(import.meta.url, runnerOverhead);
