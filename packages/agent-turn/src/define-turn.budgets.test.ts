import { assembleConversation } from '@jangts/agent-context';
import { createProviderError, ModelRunner } from '@jangts/agent-runner';
import { createScriptedProvider, type ScriptedStep } from '@jangts/agent-runner/providers/scripted';
import { HistorySchema } from '@jangts/agent-types';
import { parser } from '@jangts/agent-types/internal';
import { describe, expect, it } from 'vitest';
import { defineTurn } from './define-turn.js';
import { FRAGMENTS, LOOKUP_ORDER, turnContext } from './testing/turn-fixtures.js';
import type { TurnOptions } from './turn-options.js';

const history = parser(HistorySchema, { subject: 'test', code: 'INPUT_INVALID', name: 'history' });

const lookup = (index: number): ScriptedStep => ({ toolCalls: [{ toolId: 'lookupOrder', args: { orderId: String(index) } }] });

const BUDGETS = { maxSteps: 10, maxToolCalls: 10, maxInputChars: 100_000, maxToolResultChars: 10_000 } as const;

function lookupTurn(steps: ScriptedStep[], budgets: Partial<Omit<TurnOptions, 'model' | 'tools'>>, execute: (args: { orderId: string }, context: { signal: AbortSignal }) => unknown = () => 'found') {
  const provider = createScriptedProvider(steps);
  const executed: string[] = [];
  const turn = defineTurn({
    model: new ModelRunner({ provider }),
    tools: [{ spec: LOOKUP_ORDER, execute: (args, context) => { executed.push(args.orderId); return execute(args, context); }, approval: 'auto' }],
    ...BUDGETS,
    ...budgets,
  });
  return { turn, provider, executed };
}

describe('defineTurn budgets', () => {
  it('never starts the model call that would cross maxSteps', async () => {
    const { turn, provider, executed } = lookupTurn([1, 2, 3, 4, 5].map(lookup), { maxSteps: 3 });
    const result = await turn.run({ fragments: FRAGMENTS, context: turnContext() });
    expect(result).toMatchObject({ status: 'stopped', stoppedBy: 'maxSteps', budget: { steps: 3, toolCalls: 3 } });
    expect(provider.requests).toHaveLength(3);
    expect(executed).toEqual(['1', '2', '3']);
    expect(() => history.parse(result.history)).not.toThrow();
  });

  it('never starts the tool call that would cross maxToolCalls; the calls left get a result saying so', async () => {
    const step: ScriptedStep = { toolCalls: ['a', 'b', 'c'].map((orderId) => ({ toolId: 'lookupOrder', args: { orderId } })) };
    const { turn, executed } = lookupTurn([step], { maxToolCalls: 2 });
    const result = await turn.run({ fragments: FRAGMENTS, context: turnContext() });
    expect(result).toMatchObject({ status: 'stopped', stoppedBy: 'maxToolCalls', budget: { toolCalls: 2 } });
    expect(executed).toEqual(['a', 'b']);
    expect(result.steps[0]?.calls.map((call) => call.status)).toEqual(['ran', 'ran', 'not-run']);
    expect(result.history.at(-1)).toMatchObject({ role: 'tool', content: '{"ok":false,"code":"NOT_RUN","error":"not run: the turn stopped (maxToolCalls)"}' });
    expect(() => history.parse(result.history)).not.toThrow();
  });

  it('with no tool call left, asks no policy and runs nothing', async () => {
    let asked = 0;
    const provider = createScriptedProvider([lookup(1)]);
    const turn = defineTurn({
      model: new ModelRunner({ provider }),
      tools: [{ spec: LOOKUP_ORDER, execute: () => expect.unreachable(), approval: () => { asked += 1; return true; } }],
      ...BUDGETS,
      maxToolCalls: 0,
    });
    const result = await turn.run({ fragments: FRAGMENTS, context: turnContext() });
    expect(result).toMatchObject({ status: 'stopped', stoppedBy: 'maxToolCalls', budget: { toolCalls: 0 } });
    expect(asked).toBe(0);
  });

  it('never starts the model call whose input would cross maxInputChars, counted as assembleConversation counts it', async () => {
    const big = 'x'.repeat(5000);
    const { turn, provider } = lookupTurn([lookup(1), lookup(2)], { maxInputChars: 4000 }, () => big);
    const result = await turn.run({ fragments: FRAGMENTS, context: turnContext() });
    expect(result).toMatchObject({ status: 'stopped', stoppedBy: 'maxInputChars', budget: { steps: 1 } });
    expect(provider.requests).toHaveLength(1);
    const { inputChars } = assembleConversation({ fragments: FRAGMENTS, history: result.history, maxInputChars: Number.MAX_SAFE_INTEGER });
    expect(result.budget.inputChars).toBe(inputChars);
    expect(inputChars).toBeGreaterThan(4000);
  });

  it('stops before the first call when the input is already over maxInputChars', async () => {
    const { turn, provider } = lookupTurn([lookup(1)], { maxInputChars: 10 });
    const result = await turn.run({ fragments: FRAGMENTS, context: turnContext() });
    expect(result).toMatchObject({ status: 'stopped', stoppedBy: 'maxInputChars', history: [], steps: [], budget: { steps: 0 } });
    expect(provider.requests).toHaveLength(0);
  });

  it('checks maxDurationMs before each call', async () => {
    // The tool takes at least 20 ms of real time, whatever the load: the next model call would start past 5 ms.
    const { turn, provider } = lookupTurn([lookup(1), lookup(2)], { maxDurationMs: 5 }, () => new Promise((resolve) => setTimeout(() => { resolve('slow'); }, 20)));
    const result = await turn.run({ fragments: FRAGMENTS, context: turnContext() });
    expect(result).toMatchObject({ status: 'stopped', stoppedBy: 'maxDurationMs' });
    expect(provider.requests).toHaveLength(1);
    expect(result.budget.durationMs).toBeGreaterThanOrEqual(5);
  });

  it('stops aborted, with its history intact, when the signal fires during a tool call; the signal reaches execute', async () => {
    const controller = new AbortController();
    const seen: boolean[] = [];
    const step: ScriptedStep = { toolCalls: ['a', 'b'].map((orderId) => ({ toolId: 'lookupOrder', args: { orderId } })) };
    const { turn, executed } = lookupTurn([step, 'never'], {}, (_args, context) => new Promise((resolve) => {
      context.signal.addEventListener('abort', () => { seen.push(context.signal.aborted); resolve('late'); });
      controller.abort(new Error('user left'));
    }));
    const result = await turn.run({ fragments: FRAGMENTS, context: turnContext(undefined, controller.signal) });
    expect(result).toMatchObject({ status: 'stopped', stoppedBy: 'aborted', budget: { steps: 1, toolCalls: 1 } });
    expect(seen).toEqual([true]);
    expect(executed).toEqual(['a']);
    expect(result.steps[0]?.calls).toMatchObject([{ status: 'failed', code: 'ABORTED' }, { status: 'not-run', code: 'aborted' }]);
    expect(() => history.parse(result.history)).not.toThrow();
  });

  it('stops aborted during a model call, and before any call when the signal has fired', async () => {
    const controller = new AbortController();
    const { turn } = lookupTurn([lookup(1), () => { controller.abort(); return 'too late'; }], {});
    const result = await turn.run({ fragments: FRAGMENTS, context: turnContext(undefined, controller.signal) });
    expect(result).toMatchObject({ status: 'stopped', stoppedBy: 'aborted', budget: { steps: 2, toolCalls: 1 } });
    expect(result.steps.map((step) => step.outcome)).toEqual(['tool-calls', 'aborted']);
    expect(() => history.parse(result.history)).not.toThrow();
    const again = await lookupTurn([lookup(1)], {}).turn.run({ fragments: FRAGMENTS, context: turnContext(undefined, controller.signal) });
    expect(again).toMatchObject({ status: 'stopped', stoppedBy: 'aborted', steps: [] });
  });

  it('stops model-failed with the error and the work done when the provider fails', async () => {
    const failure: ScriptedStep = { error: createProviderError('upstream down', { status: 500, retryable: false }) };
    const { turn, executed } = lookupTurn([lookup(1), failure], {});
    const result = await turn.run({ fragments: FRAGMENTS, context: turnContext() });
    expect(result).toMatchObject({ status: 'stopped', stoppedBy: 'model-failed', error: { code: 'PROVIDER_FAILED' } });
    expect(executed).toEqual(['1']);
    expect(result.history).toHaveLength(2);
    expect(result.steps.map((step) => step.outcome)).toEqual(['tool-calls', 'failed']);
  });
});
