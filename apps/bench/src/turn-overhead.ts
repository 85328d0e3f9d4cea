import { assembleFragments } from '@jangts/agent-context';
import { ModelRunner, type ModelProvider, type ToolSpec } from '@jangts/agent-runner';
import { defineTurn } from '@jangts/agent-turn';
import type { ContextFragment, HistoryMessage } from '@jangts/agent-types';
import { Type } from 'typebox';
import { bySize, type Bench, type BenchResult } from './bench-result.js';
import { measureInterleaved, quartiles, round, roundPlan, timeRow, type Measurement } from './harness.js';
import { KiB, MiB, sizeLabel } from './reply-workload.js';
import { runAlone } from './run-alone.js';

/*
 * What the turn kit costs on top of the loop an App would write itself: an N-step turn over a long
 * history (each step one `lookup` call, its ~1 KiB result fed back, the last step a text reply)
 * through `defineTurn`, against the same steps as a bare loop over `ModelRunner.invoke` with the
 * same conversation input (`{ context, history }`), the same tool and the same results. Both pay
 * the runner's per-invoke cost over the whole history (today it validates and copies it on every
 * call; see history-cost); the kit adds its budgets, its own validation of each proposal, the tool
 * result cut, the step records and one audit of the given history at the start. Total cost vs
 * steps: per step at 100 steps against 10.
 */

const BENCH = 'turn-overhead';
const SENTENCE = 'The deployment finished; the health checks passed and the error rate stayed flat. 部署完成，健康检查通过。 ';
const LOOKUP: ToolSpec = { id: 'lookup', description: 'Look a service up', parameters: Type.Object({ query: Type.String() }) };
const RESULT = JSON.stringify({ service: 'checkout', status: 'healthy', notes: SENTENCE.repeat(10).slice(0, KiB) });

function prose(length: number): string {
  return SENTENCE.repeat(Math.ceil(length / SENTENCE.length)).slice(0, length);
}

const FRAGMENTS: ContextFragment[] = [
  { id: 'policy', sourceId: 'app', trust: 'app', lifetime: 'static', maxChars: 4000, role: 'system', value: prose(2000) },
];
const CONTEXT = assembleFragments(FRAGMENTS, 10_000);

/** A conversation of about `chars` JSON characters: user, tool call, ~8 KiB tool result, answer, repeated; ends on a user turn. */
function longHistory(chars: number): HistoryMessage[] {
  const messages: HistoryMessage[] = [];
  const result = JSON.stringify({ hits: Array.from({ length: 18 }, (_, index) => ({ id: `hit-${index}`, text: prose(400) })) });
  for (let turn = 0; JSON.stringify(messages).length < chars; turn++) {
    messages.push(
      { role: 'user', content: `Question ${turn}: ${prose(200)}` },
      { role: 'assistant', content: '', toolCalls: [{ callId: `old-${turn}`, toolId: 'lookup', args: { query: `service ${turn}` } }] },
      { role: 'tool', callId: `old-${turn}`, content: result },
      { role: 'assistant', content: prose(1000) },
    );
  }
  messages.push({ role: 'user', content: 'Check every service again.' });
  return messages;
}

/** Proposes one `lookup` call per step, then replies with text at step `steps`; never reads the request. */
function loopProvider(steps: number): ModelProvider {
  let step = 0;
  return {
    async *stream() {
      step += 1;
      if (step >= steps) {
        yield 'All services are healthy.';
        yield { type: 'finish', reason: 'stop' };
        return;
      }
      yield { type: 'tool-call', callId: `call-${step}`, toolId: 'lookup', argsDelta: '{"query":"status"}' };
      yield { type: 'finish', reason: 'tool-calls' };
    },
  };
}

const SIGNAL = new AbortController().signal;

/** The loop an App writes over `ModelRunner`: invoke, execute each proposal, append the call and its result. */
async function bareLoop(steps: number, history: readonly HistoryMessage[]): Promise<number> {
  const runner = new ModelRunner({ provider: loopProvider(steps) });
  let messages: HistoryMessage[] = [...history];
  for (let step = 1; step <= steps; step++) {
    const result = await runner.invoke({ input: { context: CONTEXT, history: messages }, stageId: 'agent', tools: [LOOKUP], context: { app: undefined, signal: SIGNAL } });
    if (result.proposals.length === 0) return step;
    const results: HistoryMessage[] = result.proposals.map((proposal) => ({ role: 'tool', callId: proposal.callId, content: RESULT }));
    messages = [...messages, { role: 'assistant', content: result.text, toolCalls: result.proposals }, ...results];
  }
  return steps;
}

/** The same steps through the turn kit. */
async function kitTurn(steps: number, history: readonly HistoryMessage[]): Promise<number> {
  const turn = defineTurn({
    model: new ModelRunner({ provider: loopProvider(steps) }),
    tools: [{ spec: LOOKUP, execute: () => RESULT, approval: 'auto' }],
    maxSteps: steps,
    maxToolCalls: steps,
    maxInputChars: 64 * MiB,
    maxToolResultChars: 16 * KiB,
  });
  const result = await turn.run({ fragments: FRAGMENTS, history, context: { app: undefined, signal: SIGNAL } });
  if (result.status !== 'done') throw new Error(`the bench turn did not end done: ${result.status}`);
  return result.budget.steps;
}

/** `measurement` divided by `count`, round by round. */
function per(measurement: Measurement, count: number, name: string): Measurement {
  return { name, cpu: measurement.cpu.map((value) => value / count), wall: measurement.wall.map((value) => value / count), repeat: measurement.repeat };
}

/** The turn-overhead benchmark: see the module comment. */
export const turnOverhead: Bench = async (size) => {
  const historyChars = bySize(size, { smoke: 64 * KiB, quick: MiB, full: MiB });
  const [fewSteps, manySteps] = bySize(size, { smoke: [2, 10], quick: [10, 100], full: [10, 100] } as const);
  const history = longHistory(historyChars);
  const chars = JSON.stringify(history).length;
  const plan = roundPlan(size, bySize(size, { smoke: {}, quick: {}, full: { rounds: 9 } }));
  const [bareFew, kitFew, bareMany, kitMany] = (await measureInterleaved(
    [
      { name: `bare loop over ModelRunner, ${fewSteps} steps`, run: () => bareLoop(fewSteps, history) },
      { name: `defineTurn, ${fewSteps} steps`, run: () => kitTurn(fewSteps, history) },
      { name: `bare loop over ModelRunner, ${manySteps} steps`, run: () => bareLoop(manySteps, history) },
      { name: `defineTurn, ${manySteps} steps`, run: () => kitTurn(manySteps, history) },
    ],
    plan,
  )) as [Measurement, Measurement, Measurement, Measurement];
  const label = (steps: number): string => `${steps}-step turn over a ${sizeLabel(historyChars)} history (${history.length} messages, ${chars.toLocaleString('en-US')} JSON chars), each step a tool call and its ${sizeLabel(KiB)} result`;
  const perStep = (measurement: Measurement, steps: number): number => round(quartiles(measurement.cpu).median / steps, 3);
  const ownPerStep = (kit: Measurement, bare: Measurement, steps: number): number => round((quartiles(kit.cpu).median - quartiles(bare.cpu).median) / steps, 3);
  const results: BenchResult[] = [];
  for (const [steps, bare, kit] of [[fewSteps, bareFew, kitFew], [manySteps, bareMany, kitMany]] as const) {
    const base = { bench: BENCH, case: label(steps) };
    results.push(
      timeRow(bare, { ...base, role: 'floor', extra: { msPerStep: perStep(bare, steps) } }),
      timeRow(kit, {
        ...base,
        role: 'ours',
        versus: bare,
        // The goal is the 100-step turn's: the kit's one audit of the given history at the start weighs more on a short turn.
        ...(steps === manySteps ? { goal: { text: `a ${manySteps}-step turn ≤ 1.2× the bare loop over ModelRunner (issue 18)`, limit: 1.2 } } : {}),
        extra: { msPerStep: perStep(kit, steps), kitOwnMsPerStep: ownPerStep(kit, bare, steps) },
      }),
    );
  }
  const linear = { bench: BENCH, case: `total cost vs steps: per step at ${manySteps} steps against ${fewSteps} (${sizeLabel(historyChars)} history)` };
  results.push(
    timeRow(per(bareMany, manySteps, `bare loop, per step at ${manySteps} steps`), { ...linear, role: 'floor', versus: per(bareFew, fewSteps, `bare loop, per step at ${fewSteps} steps`) }),
    timeRow(per(kitMany, manySteps, `defineTurn, per step at ${manySteps} steps`), {
      ...linear,
      role: 'ours',
      versus: per(kitFew, fewSteps, `defineTurn, per step at ${fewSteps} steps`),
      goal: { text: `linear in steps: per step at ${manySteps} steps ≤ 1.2× at ${fewSteps} (issue 18)`, limit: 1.2 },
    }),
  );
  return results;
};

await runAlone(import.meta.url, turnOverhead);
