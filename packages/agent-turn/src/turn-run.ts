import { recordBestEffort, refusedOutputNotice } from '@jangts/agent-types/internal';
import { AgentCoreError, type AssembledInput, type ContextFragment, type HistoryMessage, type JsonObject, type ModelUsage, type OperationContext, type ToolProposal } from '@jangts/agent-types';
import { callDigest } from './call-digest.js';
import { cutToolResult } from './cut-tool-result.js';
import { deepFreeze } from './deep-freeze.js';
import { modelFailure } from './errors.js';
import { parseModelReply, type ModelReply } from './parse-model-reply.js';
import { parseToolOutput } from './parse-tool-output.js';
import { settleAbortable } from './settle-abortable.js';
import { FINAL_TOOL_CONTENT, toolErrorContent } from './tool-result-content.js';
import type { DefinedTurnTool, TurnDefinition } from './turn-definition.js';
import { TurnPreview } from './turn-preview.js';
import type { TurnBudget, TurnResult, TurnStopReason } from './turn-result.js';
import type { TurnPendingCall, TurnState } from './turn-state.js';
import type { TurnCall, TurnStep } from './turn-step.js';

/** What a run starts from: a fresh turn's, or a state's. */
export interface TurnProgress {
  readonly fragments: readonly ContextFragment[];
  /** The assembled context of every model call. */
  readonly context: AssembledInput;
  readonly history: readonly HistoryMessage[];
  /** Characters of `history`'s JSON text, as `assembleConversation` counts them. */
  readonly historyChars: number;
  readonly steps: readonly TurnStep[];
  readonly used: { readonly steps: number; readonly toolCalls: number; readonly durationMs: number };
  readonly usage: ModelUsage;
}

/** What the turn decided of one proposal so far. */
type CallDecision = 'undecided' | 'required' | 'approved' | 'denied' | 'invalid' | 'final';

/** One proposal of the current step: as recorded (frozen, in the history), its tool, and its record in the step. */
export interface PlannedCall {
  readonly proposal: ToolProposal;
  readonly tool: DefinedTurnTool | undefined;
  readonly record: Mutable<TurnCall>;
  decision: CallDecision;
}

type Mutable<TValue> = { -readonly [TKey in keyof TValue]: TValue[TKey] };

type StepReply = { readonly kind: 'reply'; readonly step: Mutable<TurnStep>; readonly reply: ModelReply } | { readonly kind: 'refused'; readonly notice: string } | { readonly kind: 'failed'; readonly error: AgentCoreError } | { readonly kind: 'aborted' };

/**
 * One `run` or `resume` of a turn: the conversation as it grows, the budgets, and the loop —
 * check the budgets, call the model, record its proposals, decide, execute, feed the results
 * back — until a text reply or the final tool (`done`), a call awaiting the App
 * (`awaiting-approval`), or a budget, the abort or a failed model call (`stopped`). Nothing after
 * the start throws: every outcome is a result with the history intact.
 */
export class TurnRun {
  private readonly started = performance.now();
  private readonly history: HistoryMessage[];
  private historyChars: number;
  private readonly callIds = new Set<string>();
  private readonly steps: Mutable<TurnStep>[];
  private readonly used: { steps: number; toolCalls: number; durationMs: number };
  private readonly usage: { inputTokens?: number; outputTokens?: number };
  private readonly signal: AbortSignal;
  private readonly preview: TurnPreview;

  constructor(
    private readonly definition: TurnDefinition,
    /** The App's context as the door read it: what the runner, `execute` and approval functions receive. */
    private readonly read: OperationContext,
    private readonly progress: TurnProgress,
  ) {
    this.history = progress.history.map((message) => deepFreeze(message));
    this.historyChars = progress.historyChars;
    for (const message of this.history) this.rememberCallIds(message);
    this.steps = structuredClone(progress.steps) as Mutable<TurnStep>[];
    this.used = { ...progress.used };
    this.usage = { ...progress.usage };
    this.signal = read.signal;
    this.preview = new TurnPreview(definition.options.preview, read.logger);
  }

  /** Records the start of this run (`resumed`: of a state, whose id it names). */
  start(stateId?: string): void {
    const { options, stageId, toolIds } = this.definition;
    recordBestEffort(this.read.logger, 'turn.start', {
      stageId,
      resumed: stateId !== undefined,
      ...(stateId === undefined ? {} : { stateId }),
      tools: [...toolIds],
      historyMessages: this.history.length,
      inputChars: this.inputChars(),
      maxSteps: options.maxSteps,
      maxToolCalls: options.maxToolCalls,
      maxInputChars: options.maxInputChars,
      maxToolResultChars: options.maxToolResultChars,
      ...(options.maxDurationMs === undefined ? {} : { maxDurationMs: options.maxDurationMs }),
    });
  }

  /** The loop, from a model call. */
  async loop(): Promise<TurnResult> {
    const { finalToolId, maxToolCalls } = this.definition.options;
    for (;;) {
      const stop = this.stopBeforeModelCall();
      if (stop !== undefined) return this.stopped(stop);
      const outcome = await this.callModel();
      switch (outcome.kind) {
        case 'aborted':
          return this.stopped('aborted');
        case 'failed':
          return this.stopped('model-failed', outcome.error);
        case 'refused':
          this.append({ role: 'user', content: outcome.notice });
          continue;
        case 'reply':
          break;
      }
      const { text, proposals } = outcome.reply;
      if (proposals.length === 0) {
        this.append({ role: 'assistant', content: text });
        return this.done(text, []);
      }
      const calls = this.recordProposals(outcome.step, text, proposals);
      const finals = calls.filter((call) => call.decision === 'undecided' && call.proposal.toolId === finalToolId);
      if (finals.length > 0) {
        for (const call of finals) call.decision = 'final';
        this.close(calls, 'final');
        return this.done(text, finals.map((call) => copyProposal(call.proposal)));
      }
      if (this.used.toolCalls >= maxToolCalls && calls.some((call) => call.decision !== 'invalid')) {
        this.close(calls, 'maxToolCalls');
        return this.stopped('maxToolCalls');
      }
      if (!(await this.decideByPolicy(outcome.step.step, calls))) {
        this.close(calls, 'aborted');
        return this.stopped('aborted');
      }
      if (calls.some((call) => call.decision === 'required')) return this.awaiting(calls);
      const stopped = await this.execute(calls);
      if (stopped !== undefined) return this.stopped(stopped);
    }
  }

  /**
   * Resumes a waiting step with the App's decisions applied (`decided`: call id → approve), then
   * goes on with the loop.
   */
  async resume(calls: readonly PlannedCall[], decided: ReadonlyMap<string, boolean>): Promise<TurnResult> {
    const step = this.steps.at(-1)?.step ?? 0;
    for (const call of calls) {
      const approve = decided.get(call.proposal.callId);
      if (approve === undefined) continue;
      call.decision = approve ? 'approved' : 'denied';
      this.decided(step, call, approve, 'app');
    }
    const stopped = await this.execute(calls);
    return stopped === undefined ? this.loop() : this.stopped(stopped);
  }

  /** The calls of the waiting step of a state, bound to this run's last step records. */
  plannedCalls(pending: readonly TurnPendingCall[]): PlannedCall[] {
    const step = this.steps.at(-1);
    return pending.map((call) => {
      const record = step?.calls.find((candidate) => candidate.callId === call.callId) ?? { callId: call.callId, toolId: call.toolId, status: 'pending' };
      const decision: CallDecision = call.policy === 'required' ? 'required' : call.policy;
      return { proposal: deepFreeze({ callId: call.callId, toolId: call.toolId, args: call.args }), tool: this.definition.tools.get(call.toolId), record, decision };
    });
  }

  private inputChars(): number {
    return this.progress.context.inputChars + this.historyChars;
  }

  private durationMs(): number {
    return this.used.durationMs + (performance.now() - this.started);
  }

  private stopBeforeModelCall(): TurnStopReason | undefined {
    const { maxDurationMs, maxSteps, maxInputChars } = this.definition.options;
    if (this.signal.aborted) return 'aborted';
    if (maxDurationMs !== undefined && this.durationMs() >= maxDurationMs) return 'maxDurationMs';
    if (this.used.steps + 1 > maxSteps) return 'maxSteps';
    if (this.inputChars() > maxInputChars) return 'maxInputChars';
    return undefined;
  }

  private stopBeforeToolCall(): TurnStopReason | undefined {
    const { maxDurationMs, maxToolCalls } = this.definition.options;
    if (this.signal.aborted) return 'aborted';
    if (maxDurationMs !== undefined && this.durationMs() >= maxDurationMs) return 'maxDurationMs';
    if (this.used.toolCalls + 1 > maxToolCalls) return 'maxToolCalls';
    return undefined;
  }

  /** Appends a message the turn made (frozen), counting it as `assembleConversation` does: its JSON text. */
  private append(message: HistoryMessage): void {
    deepFreeze(message);
    this.history.push(message);
    this.historyChars += JSON.stringify(message).length;
    this.rememberCallIds(message);
  }

  private rememberCallIds(message: HistoryMessage): void {
    if (message.role === 'assistant') for (const call of message.toolCalls ?? []) this.callIds.add(call.callId);
  }

  /** A call id not used in the history yet: the model's own, or it with `~2`, `~3`, … (providers may reuse ids across replies). */
  private uniqueCallId(callId: string): string {
    if (!this.callIds.has(callId)) return callId;
    let suffix = 2;
    while (this.callIds.has(`${callId}~${suffix}`)) suffix += 1;
    return `${callId}~${suffix}`;
  }

  private async callModel(): Promise<StepReply> {
    const { options, stageId, specs, toolIds } = this.definition;
    this.used.steps += 1;
    const step: Mutable<TurnStep> = { step: this.used.steps, inputChars: this.inputChars(), outcome: 'tool-calls', textChars: 0, calls: [] };
    this.steps.push(step);
    const input = { context: this.progress.context, history: this.history.slice() };
    const sink = this.preview.sinkOf(step.step);
    const request = { input, stageId, tools: specs, context: this.read, ...(sink === undefined ? {} : { sink }) };
    const settled = await settleAbortable(() => options.model.invoke(request), this.signal);
    let outcome: StepReply;
    if (settled.kind === 'aborted') outcome = { kind: 'aborted' };
    else if (settled.kind === 'error') {
      const notice = refusedOutputNotice(settled.error, `The tools offered are: ${toolIds.join(', ')}. Call one of them with valid arguments, or reply with text.`);
      outcome = notice === undefined ? { kind: 'failed', error: modelFailure(settled.error) } : { kind: 'refused', notice };
      step.code = outcome.kind === 'failed' ? outcome.error.code : 'OUTPUT_INVALID';
    } else {
      try {
        outcome = { kind: 'reply', step, reply: parseModelReply(settled.value) };
      } catch (error) {
        outcome = { kind: 'failed', error: modelFailure(error) };
        step.code = outcome.error.code;
      }
    }
    if (outcome.kind === 'reply') {
      const { text, proposals, finishReason, usage } = outcome.reply;
      step.outcome = proposals.length === 0 ? 'reply' : 'tool-calls';
      step.finishReason = finishReason;
      step.textChars = text.length;
      if (usage !== undefined) {
        step.usage = usage;
        if (usage.inputTokens !== undefined) this.usage.inputTokens = (this.usage.inputTokens ?? 0) + usage.inputTokens;
        if (usage.outputTokens !== undefined) this.usage.outputTokens = (this.usage.outputTokens ?? 0) + usage.outputTokens;
      }
    } else {
      step.outcome = outcome.kind;
      if (outcome.kind === 'aborted') step.code = 'ABORTED';
    }
    recordBestEffort(this.read.logger, 'turn.step', {
      step: step.step,
      inputChars: step.inputChars,
      ok: outcome.kind === 'reply',
      outcome: step.outcome,
      textChars: step.textChars,
      proposals: outcome.kind === 'reply' ? outcome.reply.proposals.length : 0,
      ...(step.finishReason === undefined ? {} : { finishReason: step.finishReason }),
      ...(step.code === undefined ? {} : { code: step.code }),
      ...(step.usage === undefined ? {} : { usage: step.usage }),
    });
    return outcome;
  }

  /** Records the step's proposals: the assistant message (call ids made unique), each call checked against its tool's schema. */
  private recordProposals(step: Mutable<TurnStep>, text: string, proposals: readonly ToolProposal[]): PlannedCall[] {
    const recorded = proposals.map(({ callId, toolId, args }) => {
      const unique = this.uniqueCallId(callId);
      this.callIds.add(unique);
      return { modelCallId: callId, proposal: { callId: unique, toolId, args } };
    });
    this.append({ role: 'assistant', content: text, toolCalls: recorded.map(({ proposal }) => proposal) });
    return recorded.map(({ modelCallId, proposal }) => {
      const tool = this.definition.tools.get(proposal.toolId);
      const valid = tool !== undefined && isValid(tool, proposal.args);
      const record: Mutable<TurnCall> = { callId: proposal.callId, toolId: proposal.toolId, status: 'pending' };
      step.calls.push(record);
      recordBestEffort(this.read.logger, 'tool.proposed', {
        step: step.step,
        callId: proposal.callId,
        toolId: proposal.toolId,
        argsChars: JSON.stringify(proposal.args).length,
        valid,
        ...(modelCallId === proposal.callId ? {} : { modelCallId }),
      });
      return { proposal, tool, record, decision: valid ? 'undecided' : 'invalid' };
    });
  }

  /** Applies each undecided call's policy, in order; false when the turn was aborted meanwhile. */
  private async decideByPolicy(step: number, calls: readonly PlannedCall[]): Promise<boolean> {
    for (const call of calls) {
      if (call.decision !== 'undecided') continue;
      const approval = call.tool?.approval;
      if (approval === 'required') {
        call.decision = 'required';
        continue;
      }
      let approve = approval === 'auto';
      if (typeof approval === 'function') {
        const settled = await settleAbortable(() => approval(copyProposal(call.proposal), this.read), this.signal);
        if (settled.kind === 'aborted') return false;
        // Fail closed: a policy that throws, or answers anything but a boolean, denies.
        approve = settled.kind === 'value' && settled.value === true;
      }
      call.decision = approve ? 'approved' : 'denied';
      this.decided(step, call, approve, 'policy');
    }
    return true;
  }

  private decided(step: number, call: PlannedCall, approved: boolean, by: 'policy' | 'app'): void {
    call.record.approved = approved;
    call.record.decidedBy = by;
    recordBestEffort(this.read.logger, 'tool.decided', { step, callId: call.proposal.callId, toolId: call.proposal.toolId, approved, by });
  }

  /** Runs the step's calls in order: approved ones execute (each within the budgets), the others get the result that says why not. */
  private async execute(calls: readonly PlannedCall[]): Promise<TurnStopReason | undefined> {
    for (const [index, call] of calls.entries()) {
      if (call.decision !== 'approved') {
        // Denied or invalid: its result says so.
        this.close([call], 'aborted');
        continue;
      }
      const stop = this.stopBeforeToolCall();
      if (stop !== undefined) {
        this.close(calls.slice(index), stop);
        return stop;
      }
      this.used.toolCalls += 1;
      const execute = call.tool?.execute;
      const settled = await settleAbortable(() => execute?.(structuredClone(call.proposal.args), this.read), this.signal);
      if (settled.kind === 'aborted') {
        this.result(call, toolErrorContent('ABORTED', 'the turn was aborted while the tool ran'), 'failed', 'ABORTED');
        this.close(calls.slice(index + 1), 'aborted');
        return 'aborted';
      }
      if (settled.kind === 'error') {
        // The App's error text stays out of the model's input: only its code is shown.
        const code = AgentCoreError.isInstance(settled.error) ? settled.error.code : 'TOOL_FAILED';
        this.result(call, toolErrorContent(code, 'the tool failed'), 'failed', code);
        continue;
      }
      let content: string;
      try {
        content = parseToolOutput(settled.value);
      } catch {
        this.result(call, toolErrorContent('RESULT_INVALID', 'the tool returned a result that is not JSON'), 'failed', 'RESULT_INVALID');
        continue;
      }
      this.result(call, content, 'ran');
    }
    return undefined;
  }

  /**
   * Gives every call that will not run its result: invalid and denied calls say so, the final
   * tool's says it went to the App, and any other says the turn stopped first (`reason`).
   */
  private close(calls: readonly PlannedCall[], reason: TurnStopReason | 'final'): void {
    for (const call of calls) {
      switch (call.decision) {
        case 'invalid':
          this.result(call, toolErrorContent('OUTPUT_INVALID', 'not run: the call names no tool of this turn, or its arguments do not match the tool\'s parameters'), 'invalid', 'OUTPUT_INVALID');
          break;
        case 'denied':
          this.result(call, toolErrorContent('DENIED', 'denied by the App'), 'denied', 'DENIED');
          break;
        case 'final':
          this.result(call, FINAL_TOOL_CONTENT, 'final');
          break;
        case 'undecided':
        case 'required':
        case 'approved':
          this.result(call, toolErrorContent('NOT_RUN', reason === 'final' ? 'not run: the turn ended with the final tool' : `not run: the turn stopped (${reason})`), 'not-run', reason);
          break;
      }
    }
  }

  private result(call: PlannedCall, content: string, status: TurnCall['status'], code?: string): void {
    const cut = cutToolResult(content, this.definition.options.maxToolResultChars);
    this.append({ role: 'tool', callId: call.proposal.callId, content: cut.content });
    const { record } = call;
    record.status = status;
    if (code !== undefined) record.code = code;
    record.chars = cut.content.length;
    if (cut.cutFrom !== undefined) record.cutFrom = cut.cutFrom;
    recordBestEffort(this.read.logger, 'tool.result', {
      step: this.steps.at(-1)?.step ?? 0,
      callId: call.proposal.callId,
      toolId: call.proposal.toolId,
      ok: status === 'ran' || status === 'final',
      status,
      ...(code === undefined ? {} : { code }),
      chars: record.chars,
      ...(cut.cutFrom === undefined ? {} : { cutFrom: cut.cutFrom }),
    });
  }

  private budget(): TurnBudget {
    const { maxSteps, maxToolCalls, maxInputChars, maxDurationMs } = this.definition.options;
    return {
      steps: this.used.steps,
      maxSteps,
      toolCalls: this.used.toolCalls,
      maxToolCalls,
      inputChars: this.inputChars(),
      maxInputChars,
      durationMs: this.durationMs(),
      ...(maxDurationMs === undefined ? {} : { maxDurationMs }),
    };
  }

  private base(): { history: readonly HistoryMessage[]; steps: readonly TurnStep[]; usage: ModelUsage; budget: TurnBudget } {
    return { history: this.history.slice(), steps: structuredClone(this.steps), usage: { ...this.usage }, budget: this.budget() };
  }

  private end(status: TurnResult['status'], extra: JsonObject): void {
    const { steps, toolCalls, durationMs } = this.budget();
    recordBestEffort(this.read.logger, 'turn.end', { status, ...extra, steps, toolCalls, inputChars: this.inputChars(), durationMs: Math.round(durationMs) });
  }

  private done(text: string, proposals: readonly ToolProposal[]): TurnResult {
    this.end('done', { finalCalls: proposals.length });
    return { status: 'done', text, proposals, ...this.base() };
  }

  private stopped(stoppedBy: TurnStopReason, error?: AgentCoreError): TurnResult {
    this.end('stopped', { stoppedBy, ...(error === undefined ? {} : { code: error.code }) });
    return { status: 'stopped', stoppedBy, ...(error === undefined ? {} : { error }), ...this.base() };
  }

  private async awaiting(calls: readonly PlannedCall[]): Promise<TurnResult> {
    const pending: TurnPendingCall[] = [];
    for (const call of calls) {
      const { callId, toolId, args } = call.proposal;
      const policy = call.decision === 'required' || call.decision === 'approved' || call.decision === 'denied' ? call.decision : 'invalid';
      pending.push({ callId, toolId, args, digest: await callDigest(call.proposal), policy });
    }
    const base = this.base();
    const state: TurnState = {
      version: 1,
      id: globalThis.crypto.randomUUID(),
      stageId: this.definition.stageId,
      fragments: this.progress.fragments as TurnState['fragments'],
      history: base.history.slice() as TurnState['history'],
      calls: pending,
      steps: base.steps as TurnState['steps'],
      used: { steps: this.used.steps, toolCalls: this.used.toolCalls, durationMs: base.budget.durationMs },
      usage: base.usage,
    };
    this.end('awaiting-approval', { stateId: state.id, pending: calls.filter((call) => call.decision === 'required').length });
    const proposals = calls.filter((call) => call.decision === 'required').map((call) => copyProposal(call.proposal));
    // Frozen: the history's messages are the turn's own (frozen already), the rest was built here.
    return { status: 'awaiting-approval', proposals, state: deepFreeze(state), ...base };
  }
}

function isValid(tool: DefinedTurnTool, args: unknown): boolean {
  try {
    return tool.validator.check(args);
  } catch {
    return false;
  }
}

/** A proposal the App may keep or change: its own copy of the recorded one. */
function copyProposal(proposal: ToolProposal): ToolProposal {
  return { callId: proposal.callId, toolId: proposal.toolId, args: structuredClone(proposal.args) };
}
