import { assembleConversation } from '@jangts/agent-context';
import { AgentCoreError, createProviderError, ModelRunner } from '@jangts/agent-runner';
import { createScriptedProvider, type ScriptedStep } from '@jangts/agent-runner/providers/scripted';
import { HistorySchema, type HistoryMessage, type InvokeRequest, type ModelResult } from '@jangts/agent-types';
import { historyIssue, parser } from '@jangts/agent-types/internal';
import { compileSchema } from '@jangts/agent-types/internal/compile';
import fc from 'fast-check';
import * as Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { defineTurn } from './define-turn.js';
import { FRAGMENTS, turnContext } from './testing/turn-fixtures.js';
import type { TurnResult } from './turn-result.js';
import type { TurnState } from './turn-state.js';

const history = parser(HistorySchema, { subject: 'test', code: 'INPUT_INVALID', name: 'history' });

const LOOKUP = { id: 'lookup', description: 'auto', parameters: Type.Object({ orderId: Type.String() }) };
const REFUND = { id: 'refund', description: 'required', parameters: Type.Object({ orderId: Type.String(), cents: Type.Integer({ minimum: 1 }) }) };
const CHECK = { id: 'check', description: 'policy', parameters: Type.Object({ level: Type.Integer({ minimum: 0, maximum: 3 }) }) };
const REPLY = { id: 'reply', description: 'final', parameters: Type.Object({ text: Type.String() }) };
const VALIDATORS = new Map([LOOKUP, REFUND, CHECK, REPLY].map((spec) => [spec.id, compileSchema(spec.parameters)]));

/** Arguments for `toolId`: valid for its schema, or not. */
function argsFor(toolId: string, valid: boolean, text: string, count: number): unknown {
  if (!valid) return count % 2 === 0 ? { orderId: count } : { unexpected: text };
  switch (toolId) {
    case 'lookup':
      return { orderId: text };
    case 'refund':
      return { orderId: text, cents: 1 + Math.abs(count % 5000) };
    case 'check':
      return { level: Math.abs(count % 4) };
    case 'reply':
      return { text };
    default:
      return {};
  }
}

/** One proposal the scripted model makes: a known or unknown tool, arguments valid or not, a call id that may repeat. */
const proposalArbitrary = fc
  .record({
    toolId: fc.constantFrom('lookup', 'lookup', 'refund', 'refund', 'check', 'check', 'reply', 'dropTables'),
    valid: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    text: fc.string({ maxLength: 8 }),
    count: fc.integer(),
    callId: fc.option(fc.constantFrom('c1', 'c2', 'c3'), { nil: undefined }),
  })
  .map(({ toolId, valid, text, count, callId }) => ({ toolId, args: argsFor(toolId, valid, text, count), callId }));

/** One model call: a text reply, proposals, broken JSON arguments, or a provider failure. */
const stepArbitrary = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('text' as const), text: fc.string({ maxLength: 30 }) }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('calls' as const), text: fc.string({ maxLength: 10 }), calls: fc.array(proposalArbitrary, { minLength: 1, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('broken-json' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fail' as const) }) },
);

/** The reply a script ends with, so that a turn that outlives its steps ends on text (not steps-exhausted) most of the time. */
const LAST_STEP = { kind: 'text' as const, text: 'that is all' };

/** What one `execute` does: return a string or a value, throw, take a while, return something that is not JSON. */
const behaviourArbitrary = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), length: fc.integer({ min: 0, max: 600 }) }),
  fc.record({ kind: fc.constant('value' as const) }),
  fc.record({ kind: fc.constant('throw' as const), core: fc.boolean() }),
  fc.record({ kind: fc.constant('slow' as const), ms: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('not-json' as const) }),
  fc.record({ kind: fc.constant('nothing' as const) }),
);

/** How the App answers a turn awaiting approval: honest decisions, or first one of the forgeries. */
const forgeryArbitrary = fc.constantFrom('none', 'unknown', 'duplicate', 'with-args', 'missing', 'not-pending', 'digest', 'stale');

const scenarioArbitrary = fc.record({
  mode: fc.constantFrom('runner', 'raw'),
  steps: fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }),
  behaviours: fc.array(behaviourArbitrary, { minLength: 1, maxLength: 6 }),
  policyAnswers: fc.array(fc.constantFrom(true, false, 'throw', 'maybe'), { minLength: 1, maxLength: 4 }),
  approvals: fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
  forgeries: fc.array(forgeryArbitrary, { minLength: 1, maxLength: 4 }),
  final: fc.boolean(),
  budgets: fc.record({
    maxSteps: fc.integer({ min: 1, max: 7 }),
    maxToolCalls: fc.integer({ min: 0, max: 6 }),
    maxInputChars: fc.oneof(fc.integer({ min: 100, max: 2000 }), fc.integer({ min: 2000, max: 50_000 })),
    maxToolResultChars: fc.integer({ min: 1, max: 400 }),
  }),
  abortAt: fc.option(fc.integer({ min: 1, max: 25 }), { nil: undefined }),
});

type Scenario = typeof scenarioArbitrary extends fc.Arbitrary<infer TValue> ? TValue : never;

/** A multiset of argument texts: what may run, consumed as it runs. */
class Allowance {
  private readonly texts: string[] = [];
  add(args: unknown): void {
    this.texts.push(canonicalJson(args));
  }
  take(args: unknown): boolean {
    const index = this.texts.indexOf(canonicalJson(args));
    if (index < 0) return false;
    this.texts.splice(index, 1);
    return true;
  }
}

/** Runs one scenario to its end, checking every invariant as it goes; resolves to the violations found. */
async function play(scenario: Scenario): Promise<string[]> {
  const violations: string[] = [];
  const controller = new AbortController();
  const { budgets } = scenario;
  let events = 0;
  const tick = (): void => {
    events += 1;
    if (events === scenario.abortAt) controller.abort(new Error('abort at a random point'));
  };
  let modelCalls = 0;
  let toolCalls = 0;
  const approvedByApp = new Allowance();
  const approvedByPolicy = new Allowance();
  let behaviour = 0;
  let policy = 0;

  const steps = [...scenario.steps, LAST_STEP];
  const scripted: ScriptedStep[] = steps.map((step) => {
    switch (step.kind) {
      case 'text':
        return step.text;
      case 'calls':
        return { text: step.text, toolCalls: step.calls.map(({ toolId, args, callId }) => ({ toolId, args, ...(callId === undefined ? {} : { callId }) })) };
      case 'broken-json':
        return { toolCalls: [{ toolId: 'lookup', argsText: '{"orderId":' }] };
      case 'fail':
        return { error: createProviderError('upstream down', { status: 500, retryable: false }) };
    }
  });
  const runner = new ModelRunner({ provider: createScriptedProvider(scripted), retry: { attempts: 1 } });
  let rawStep = 0;
  const model = {
    invoke: async (request: InvokeRequest): Promise<ModelResult> => {
      modelCalls += 1;
      tick();
      const input = request.input as unknown as { history: HistoryMessage[] };
      const { inputChars } = assembleConversation({ fragments: FRAGMENTS, history: input.history, maxInputChars: Number.MAX_SAFE_INTEGER });
      if (inputChars > budgets.maxInputChars) violations.push(`model call over maxInputChars: ${inputChars} > ${budgets.maxInputChars}`);
      if (scenario.mode === 'runner') return runner.invoke(request);
      // A model that validates nothing: the turn's own checks are all that stands between it and the tools.
      const step = steps[rawStep++];
      if (step === undefined || step.kind === 'fail') throw createProviderError('no step', { retryable: false });
      if (step.kind === 'text' || step.kind === 'broken-json') return { stageId: 'agent', value: '', text: 'text' in step ? step.text : '', proposals: [], finishReason: 'stop' };
      const proposals = step.calls.map((call, index) => ({ callId: call.callId ?? `raw-${rawStep}-${index}`, toolId: call.toolId, args: call.args }));
      return { stageId: 'agent', value: proposals, text: step.text, proposals, finishReason: 'tool-calls' };
    },
  };

  const execute = (toolId: string) => async (args: unknown, context: { signal: AbortSignal }): Promise<unknown> => {
    toolCalls += 1;
    if (VALIDATORS.get(toolId)?.check(args) !== true) violations.push(`${toolId} ran with arguments failing its schema: ${JSON.stringify(args)}`);
    if (toolId === 'refund' && !approvedByApp.take(args)) violations.push(`refund ran without the App approving exactly ${JSON.stringify(args)}`);
    if (toolId === 'check' && !approvedByPolicy.take(args)) violations.push(`check ran without its policy approving ${JSON.stringify(args)}`);
    tick();
    const what = scenario.behaviours[behaviour++ % scenario.behaviours.length]!;
    switch (what.kind) {
      case 'text':
        return 'r'.repeat(what.length);
      case 'value':
        return { toolId, ok: true, list: [1, 'two', null] };
      case 'throw':
        throw what.core ? new AgentCoreError('SOURCE_FAILED', 'backend') : new Error('backend');
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, what.ms));
        return context.signal.aborted ? 'saw the abort' : 'slow result';
      case 'not-json':
        return () => 'a function';
      case 'nothing':
        return undefined;
    }
  };

  const tools = [
    { spec: LOOKUP, execute: execute('lookup'), approval: 'auto' as const },
    { spec: REFUND, execute: execute('refund'), approval: 'required' as const },
    {
      spec: CHECK,
      execute: execute('check'),
      approval: (proposal: { args: unknown }) => {
        tick();
        const answer = scenario.policyAnswers[policy++ % scenario.policyAnswers.length];
        if (answer === 'throw') throw new Error('policy down');
        if (answer === true) approvedByPolicy.add(proposal.args);
        return answer as boolean;
      },
    },
    ...(scenario.final ? [{ spec: REPLY }] : [{ spec: REPLY, execute: execute('reply'), approval: 'auto' as const }]),
  ];
  const turn = defineTurn({ model, tools, ...budgets, ...(scenario.final ? { finalToolId: 'reply' } : {}) });
  const context = turnContext(undefined, controller.signal);

  const checkResult = (result: TurnResult): void => {
    if (result.budget.steps > budgets.maxSteps || result.budget.toolCalls > budgets.maxToolCalls) violations.push(`budget crossed: ${JSON.stringify(result.budget)}`);
    if (result.status === 'awaiting-approval') {
      if (historyIssue(result.history, true) !== undefined) violations.push('a waiting history breaks its rules');
      return;
    }
    try {
      history.parse(result.history);
      assembleConversation({ fragments: FRAGMENTS, history: result.history, maxInputChars: Number.MAX_SAFE_INTEGER });
    } catch (error) {
      violations.push(`a ${result.status} history fails the audit: ${String(error)}`);
    }
  };

  let result = await turn.run({ fragments: FRAGMENTS, context });
  checkResult(result);
  let approval = 0;
  let forgery = 0;
  const resumed: TurnState[] = [];
  while (result.status === 'awaiting-approval') {
    const { state } = result;
    const pending = state.calls.filter((call) => call.policy === 'required');
    const decisions = pending.map((call) => ({ callId: call.callId, approve: scenario.approvals[approval++ % scenario.approvals.length]! }));
    const forged = forgedAttempt(scenario.forgeries[forgery++ % scenario.forgeries.length]!, state, decisions, resumed);
    if (forged !== undefined) {
      const before = toolCalls;
      const refusal = await turn.resume(forged.state as TurnState, { decisions: forged.decisions as never, context }).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (!AgentCoreError.isInstance(refusal) || !['APPROVAL_INVALID', 'INPUT_INVALID'].includes(refusal.code)) violations.push(`a forged resume was not refused: ${String(refusal)}`);
      if (toolCalls !== before) violations.push('a tool ran during a forged resume');
    }
    for (const decision of decisions) {
      const call = pending.find((candidate) => candidate.callId === decision.callId);
      if (decision.approve && call !== undefined) approvedByApp.add(call.args);
    }
    resumed.push(state);
    result = await turn.resume(state, { decisions, context });
    checkResult(result);
    // The same state again: refused, nothing runs twice.
    const before = toolCalls;
    const replay = await turn.resume(state, { decisions, context }).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (!AgentCoreError.isInstance(replay) || replay.code !== 'APPROVAL_INVALID') violations.push(`a second resume of one state was not refused: ${String(replay)}`);
    if (toolCalls !== before) violations.push('a tool ran during a second resume');
  }
  if (modelCalls > budgets.maxSteps) violations.push(`${modelCalls} model calls, maxSteps ${budgets.maxSteps}`);
  if (toolCalls > budgets.maxToolCalls) violations.push(`${toolCalls} tool calls, maxToolCalls ${budgets.maxToolCalls}`);
  return violations;
}

/** A forged resume of `state` (or `undefined` when the forgery does not apply to it). */
function forgedAttempt(kind: string, state: TurnState, decisions: readonly { callId: string; approve: boolean }[], resumed: readonly TurnState[]): { state: unknown; decisions: unknown } | undefined {
  const first = decisions[0];
  switch (kind) {
    case 'unknown':
      return { state, decisions: [...decisions, { callId: 'made-up', approve: true }] };
    case 'duplicate':
      return first === undefined ? undefined : { state, decisions: [...decisions, first] };
    case 'with-args':
      return first === undefined ? undefined : { state, decisions: [{ ...first, args: { orderId: 'x', cents: 1 } }, ...decisions.slice(1)] };
    case 'missing':
      return { state, decisions: decisions.slice(1) };
    case 'not-pending': {
      const decided = state.calls.find((call) => call.policy !== 'required');
      return decided === undefined ? undefined : { state, decisions: [...decisions, { callId: decided.callId, approve: true }] };
    }
    case 'digest': {
      const copy = JSON.parse(JSON.stringify(state)) as { calls: { args: unknown; policy: string }[]; history: { toolCalls?: { args: unknown }[] }[] };
      const index = copy.calls.findIndex((call) => call.policy === 'required');
      const changed = { orderId: 'forged', cents: 999_999 };
      (copy.calls[index] as { args: unknown }).args = changed;
      ((copy.history.at(-1)?.toolCalls ?? [])[index] as { args: unknown }).args = changed;
      return { state: copy, decisions };
    }
    case 'stale': {
      // A state of an earlier step of this turn, resumed already.
      const old = resumed.at(-1);
      return old === undefined ? undefined : { state: old, decisions: old.calls.filter((call) => call.policy === 'required').map((call) => ({ callId: call.callId, approve: true })) };
    }
    default:
      return undefined;
  }
}

describe('defineTurn over random scripted turns', () => {
  it('never crosses a budget, never runs a tool without validation and its decision, throws nothing but AgentCoreError, and keeps every history audited', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        let violations: string[];
        try {
          violations = await play(scenario);
        } catch (error) {
          violations = [`threw ${AgentCoreError.isInstance(error) ? `AgentCoreError ${error.code}: ${error.message}` : String(error)}`];
        }
        expect(violations).toEqual([]);
      }),
      { numRuns: 600 },
    );
  });
});

describe('Turn.resume decisions', () => {
  /** A turn whose one step proposes `required` refunds and `auto` lookups, then replies. */
  async function waitingTurn(refunds: number, lookups: number) {
    const proposals = [
      ...Array.from({ length: refunds }, (_, index) => ({ callId: `r${index}`, toolId: 'refund', args: { orderId: String(index), cents: 100 + index } })),
      ...Array.from({ length: lookups }, (_, index) => ({ callId: `l${index}`, toolId: 'lookup', args: { orderId: String(index) } })),
    ];
    const replies: ModelResult[] = [
      { stageId: 'agent', value: proposals, text: '', proposals, finishReason: 'tool-calls' },
      { stageId: 'agent', value: 'ok', text: 'ok', proposals: [], finishReason: 'stop' },
    ];
    const ran: string[] = [];
    const turn = defineTurn({
      model: { invoke: async () => replies.shift() as ModelResult },
      tools: [
        { spec: LOOKUP, execute: (args) => { ran.push(`lookup ${args.orderId}`); return 'found'; }, approval: 'auto' },
        { spec: REFUND, execute: (args) => { ran.push(`refund ${args.orderId}`); return 'refunded'; }, approval: 'required' },
      ],
      maxSteps: 3,
      maxToolCalls: 9,
      maxInputChars: 100_000,
      maxToolResultChars: 1000,
    });
    const result = await turn.run({ fragments: FRAGMENTS, context: turnContext() });
    if (result.status !== 'awaiting-approval') throw new Error('expected a waiting turn');
    return { turn, state: result.state, ran };
  }

  const decisionArbitrary = fc.record(
    {
      callId: fc.constantFrom('r0', 'r1', 'r2', 'l0', 'l1', 'nope'),
      approve: fc.oneof({ weight: 9, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constant('yes') }),
      args: fc.constant({ orderId: '0', cents: 1 }),
    },
    { requiredKeys: ['callId', 'approve'] },
  );

  it('accepts exactly one decision per call awaiting approval, and refuses every other list with APPROVAL_INVALID, running nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 2 }), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), fc.option(fc.array(decisionArbitrary, { maxLength: 5 }), { nil: undefined }), async (refunds, lookups, approvals, random) => {
        const { turn, state, ran } = await waitingTurn(refunds, lookups);
        const pending = state.calls.filter((call) => call.policy === 'required').map((call) => call.callId);
        // Half the lists are the honest one (in a random order of approvals), half random.
        const decisions: { callId: string; approve: unknown; args?: unknown }[] = random ?? pending.map((callId, index) => ({ callId, approve: approvals[index] }));
        const ids = decisions.map((decision) => decision.callId);
        const honest =
          decisions.every((decision) => typeof decision.approve === 'boolean' && !('args' in decision)) &&
          new Set(ids).size === ids.length &&
          ids.length === pending.length &&
          ids.every((id) => pending.includes(id));
        const outcome = await turn.resume(state, { decisions: decisions as never, context: turnContext() }).then(
          (result) => result,
          (error: unknown) => error,
        );
        if (honest) {
          expect(outcome).toMatchObject({ status: 'done' });
          const approved = decisions.filter((decision) => decision.approve === true).map((decision) => `refund ${decision.callId.slice(1)}`);
          expect(ran.filter((entry) => entry.startsWith('refund')).sort()).toEqual(approved.sort());
        } else {
          expect(outcome).toMatchObject({ code: 'APPROVAL_INVALID' });
          expect(ran).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
