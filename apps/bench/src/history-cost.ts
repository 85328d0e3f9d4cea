import { assembleFragments } from '@jangts/agent-context';
import type { AssembledInput, Conversation, HistoryMessage } from '@jangts/agent-types';
import { ModelRunner, type ModelMessage, type ModelProvider, type ProviderRequest, type ToolSpec } from '@jangts/agent-runner';
import { Type } from 'typebox';
import { bySize, type Bench, type BenchResult } from './bench-result.js';
import { measureInterleaved, quartiles, round, roundPlan, timeRow, type Measurement } from './harness.js';
import { KiB, MiB, sizeLabel } from './reply-workload.js';
import { runAlone } from './run-alone.js';

/*
 * What a long conversation costs the runner: one invoke over a 1 MiB message history against one
 * over a single message (the runner's own time: the provider, which streams one short reply and
 * never reads the messages, is measured alone and taken off), and an agent loop whose history
 * grows by one tool call and its ~10 KiB result a step, 100 steps against 10 (per step, so a loop
 * linear in its steps gives the same figure).
 */

const BENCH = 'history-cost';
const SENTENCE = 'The deployment finished; the health checks passed and the error rate stayed flat. 部署完成，健康检查通过。 ';

const LOOKUP: ToolSpec = { id: 'lookup', description: 'Look a service up', parameters: Type.Object({ query: Type.String() }) };

function prose(length: number): string {
  return SENTENCE.repeat(Math.ceil(length / SENTENCE.length)).slice(0, length);
}

/** A tool result of about `chars` JSON characters: a page of search hits. */
function toolResult(chars: number): string {
  const hits = [];
  for (let index = 0; JSON.stringify(hits).length < chars; index++) hits.push({ id: `hit-${index}`, score: 1 / (index + 1), title: `Service ${index}`, text: prose(400) });
  return JSON.stringify({ hits });
}

/** The system prompt, as checked context (a raw message list may not carry a system message). */
const CONTEXT: AssembledInput = assembleFragments([{ id: 'policy', sourceId: 'bench', trust: 'app', lifetime: 'static', maxChars: 4000, role: 'system', value: prose(2000) }], 4000);

/** An agent transcript of about `chars` JSON characters after the system prompt: user, tool call, tool result, answer, repeated; ends on a user turn. */
function history(chars: number): Conversation {
  const messages: HistoryMessage[] = [];
  const result = toolResult(8 * KiB);
  for (let turn = 0; JSON.stringify(messages).length < chars; turn++) {
    messages.push(
      { role: 'user', content: `Question ${turn}: ${prose(200)}` },
      { role: 'assistant', content: '', toolCalls: [{ callId: `call-${turn}`, toolId: 'lookup', args: { query: `service ${turn}` } }] },
      { role: 'tool', callId: `call-${turn}`, content: result },
      { role: 'assistant', content: prose(1000) },
    );
  }
  messages.push({ role: 'user', content: 'And now?' });
  return { context: CONTEXT, history: messages };
}

/** Streams one short text reply; never reads the request. */
const replyProvider: ModelProvider = {
  async *stream() {
    yield 'All systems nominal.';
    yield { type: 'finish', reason: 'stop' };
  },
};

/** Proposes one `lookup` call per step; never reads the request. */
function loopProvider(): ModelProvider {
  let step = 0;
  return {
    async *stream() {
      step += 1;
      yield { type: 'tool-call', callId: `call-${step}`, toolId: 'lookup', argsDelta: '{"query":"status"}' };
      yield { type: 'finish', reason: 'tool-calls' };
    },
  };
}

const REQUEST: ProviderRequest = { stageId: 'reply', messages: [{ role: 'user', content: 'go' }], tools: [] };

async function providerAlone(): Promise<void> {
  for await (const _chunk of replyProvider.stream(REQUEST, { signal: new AbortController().signal })) {
    // the provider's own cost, nothing else
  }
}

/** `value` frozen all the way down, as the runner README asks of messages an App wants checked once. */
function deepFreeze<TValue>(value: TValue): TValue {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

/**
 * `steps` model calls, each adding the call and a ~10 KiB tool result to the history; `frozen`:
 * the messages it appends are deep-frozen (the runner README's agent loop), else plain objects.
 */
async function agentLoop(steps: number, result: string, frozen: boolean): Promise<void> {
  const runner = new ModelRunner({ provider: loopProvider() });
  const keep = <TValue>(value: TValue): TValue => (frozen ? deepFreeze(value) : value);
  let messages: readonly HistoryMessage[] = [keep({ role: 'user', content: 'Check every service.' })];
  for (let step = 0; step < steps; step++) {
    const { proposals } = await runner.invoke({ input: { context: CONTEXT, history: messages }, stageId: 'agent', tools: [LOOKUP] });
    const call = proposals[0]!;
    messages = [...messages, keep({ role: 'assistant', content: '', toolCalls: proposals }), keep({ role: 'tool', callId: call.callId, content: result })];
  }
}

/** `measurement` less `floor`, round by round: a subject's own share. */
function minus(measurement: Measurement, floor: Measurement, name: string): Measurement {
  return { name, cpu: measurement.cpu.map((value, index) => value - floor.cpu[index]!), wall: measurement.wall.map((value, index) => value - floor.wall[index]!), repeat: measurement.repeat };
}

/** `measurement` divided by `count`, round by round. */
function per(measurement: Measurement, count: number, name: string): Measurement {
  return { name, cpu: measurement.cpu.map((value) => value / count), wall: measurement.wall.map((value) => value / count), repeat: measurement.repeat };
}

/** The history-cost benchmark: see the module comment. */
export const historyCost: Bench = async (size) => {
  const plan = roundPlan(size);
  const historyChars = bySize(size, { smoke: 64 * KiB, quick: MiB, full: MiB });
  const long = history(historyChars);
  const longChars = JSON.stringify(long.history).length + CONTEXT.inputChars;
  const short: ModelMessage[] = [{ role: 'user', content: 'And now?' }];
  const frozenLong = deepFreeze(history(historyChars));
  const runner = new ModelRunner({ provider: replyProvider });
  const [provider, empty, full, frozenFull] = (await measureInterleaved(
    [
      { name: 'provider alone (for await over its stream)', run: providerAlone },
      { name: 'ModelRunner.invoke, 1 message', run: () => runner.invoke({ input: short, stageId: 'reply' }) },
      { name: `ModelRunner.invoke, ${sizeLabel(historyChars)} history`, run: () => runner.invoke({ input: long, stageId: 'reply' }) },
      { name: `ModelRunner.invoke, ${sizeLabel(historyChars)} history, deep-frozen`, run: () => runner.invoke({ input: frozenLong, stageId: 'reply' }) },
    ],
    plan,
  )) as [Measurement, Measurement, Measurement, Measurement];
  const ownEmpty = minus(empty, provider, 'runner’s own time, 1 message');
  const ownFull = minus(full, provider, `runner’s own time, ${sizeLabel(historyChars)} history (plain objects: checked at every invoke)`);
  const ownFrozen = minus(frozenFull, provider, `runner’s own time, ${sizeLabel(historyChars)} history, deep-frozen (checked once)`);
  const invokeCase = `one invoke over a ${sizeLabel(historyChars)} history (${long.history.length + CONTEXT.messages.length} messages, ${longChars.toLocaleString('en-US')} JSON chars) vs 1 message`;
  const base = { bench: BENCH, case: invokeCase };
  const results: BenchResult[] = [
    timeRow(provider, { ...base, role: 'floor' }),
    timeRow(empty, { ...base, role: 'ours' }),
    timeRow(full, { ...base, role: 'ours', versus: empty, extra: { msPerMiBOfHistory: round(((quartiles(full.cpu).median - quartiles(empty.cpu).median) * MiB) / longChars, 3) } }),
    timeRow(ownFull, { ...base, role: 'ours', versus: ownEmpty }),
    timeRow(ownFrozen, { ...base, role: 'ours', versus: ownEmpty, goal: { text: `runner’s own time over a ${sizeLabel(historyChars)} history ≤ 1.2× over one message (issue 20)`, limit: 1.2 } }),
  ];

  const [fewSteps, manySteps] = bySize(size, { smoke: [2, 10], quick: [10, 100], full: [10, 100] } as const);
  const result = toolResult(10 * KiB);
  for (const frozen of [false, true]) {
    const how = frozen ? 'deep-frozen messages (the runner README’s loop)' : 'plain messages';
    const [few, many] = (await measureInterleaved(
      [
        { name: `${fewSteps}-step loop, ${how}`, run: () => agentLoop(fewSteps, result, frozen) },
        { name: `${manySteps}-step loop, ${how}`, run: () => agentLoop(manySteps, result, frozen) },
      ],
      plan,
    )) as [Measurement, Measurement];
    const loopCase = `agent loop, each step adds a tool call and a ${sizeLabel(10 * KiB)} result to the history, ${how}`;
    const perFew = per(few, fewSteps, `per step of the ${fewSteps}-step loop`);
    results.push(
      timeRow(few, { bench: BENCH, case: loopCase, role: 'ours', extra: { msPerStep: round(quartiles(perFew.cpu).median, 3) } }),
      timeRow(many, { bench: BENCH, case: loopCase, role: 'ours', extra: { msPerStep: round(quartiles(many.cpu).median / manySteps, 3) } }),
      timeRow(per(many, manySteps, `per step of the ${manySteps}-step loop`), {
        bench: BENCH,
        case: loopCase,
        role: 'ours',
        versus: perFew,
        ...(frozen ? { goal: { text: `linear in steps: per step at ${manySteps} steps ≤ 1.2× at ${fewSteps} (issue 20)`, limit: 1.2 } } : {}),
      }),
    );
  }
  return results;
};

await runAlone(import.meta.url, historyCost);
