import { AgentCoreError, type DiagnosticContext, type JsonObject, type JsonValue, type OutputEvent, type ProviderRequest, type ProviderStreamOptions, type SubFlowLog } from '@jangts/agent-types';
import { openSpan } from '../diagnostics/open-span.js';
import { errorMessage } from '../error-message.js';
import { abortedError, chunkError, sinkFailedError, timeoutError, type TimeLimit } from '../errors.js';
import { compileTools, type CompiledTool } from '../input/compile-tools.js';
import type { CheckedRequest } from '../input/invoke-request.js';
import type { RunnerSettings, SinkTarget } from '../input/runner-options.js';
import { buildProviderError, readConventionalFailure, readRetryHint } from '../provider-failure.js';
import type { ModelRunResult } from '../types.js';
import { ChainedOutput } from './chained-output.js';
import { inputCharsOf, InvocationLog } from './invocation-log.js';
import { OutputChannel, type SinkFailureListener, type SinkName } from './output-channel.js';
import { StageOutput, type StageOutcome } from './stage-output.js';
import { streamOptions, type SignalSource } from './stream-options.js';
import { CHUNKS_PER_CLOCK_CHECK, CLOCK_CHECKS_PER_TURN, TIME_SLICE_MS, yieldToTimers } from './yield-to-timers.js';

const RUNNING = 0;
const ENDING = 1;
const SETTLED = 2;

const ignore = (): void => undefined;
const NO_TOOLS: readonly CompiledTool[] = Object.freeze([]);
const NO_TOOL_ID_LIST: readonly string[] = Object.freeze([]);
const NO_TOOL_IDS: ReadonlyMap<string, CompiledTool> = new Map();
const NO_PROVIDER_TOOLS: ProviderRequest['tools'] = Object.freeze([]);
const NO_ARGUMENTS: readonly unknown[] = Object.freeze([]);

/**
 * Runs one checked invocation: compiles the stage's tool checks (the first tool stage loads the
 * compiler), streams from the provider (retrying before the first chunk), feeds the output sinks
 * (the runner's, then the call's own), validates the proposals, and settles exactly once. Abort
 * and the time limits settle at once, without waiting for the provider or for a sink.
 */
export function runInvocation(settings: RunnerSettings, call: CheckedRequest): Promise<ModelRunResult> {
  const tools = call.tools.length === 0 ? NO_TOOLS : compileTools(call.tools);
  if (tools instanceof Promise) return startCompiled(settings, call, tools);
  return start(settings, call, tools);
}

/** Starts once the stage's tool checks are compiled (apart from `runInvocation`, so that a call that need not wait allocates no closure context). */
function startCompiled(settings: RunnerSettings, call: CheckedRequest, tools: Promise<readonly CompiledTool[]>): Promise<ModelRunResult> {
  return tools.then((compiled) => start(settings, call, compiled));
}

function start(settings: RunnerSettings, call: CheckedRequest, tools: readonly CompiledTool[]): Promise<ModelRunResult> {
  const aborted = firstAborted(call.signals);
  if (aborted !== undefined) return Promise.reject(abortedError(call.stageId, aborted.reason));
  return new Promise((resolve, reject) => {
    new Invocation(settings, call, tools, resolve, reject).start();
  });
}

/** The first of `signals` that is aborted. */
function firstAborted(signals: readonly AbortSignal[]): AbortSignal | undefined {
  for (const signal of signals) if (signal.aborted) return signal;
  return undefined;
}

const idOf = (tool: CompiledTool): string => tool.id;
const providerToolOf = (tool: CompiledTool): ProviderRequest['tools'][number] => tool.providerTool;
const byId = (tool: CompiledTool): readonly [string, CompiledTool] => [tool.id, tool];

class Invocation implements SignalSource, SinkFailureListener {
  private phase = RUNNING;
  /** What the provider's signal follows: made when the provider first reads the signal (a provider that never does costs no `AbortController`). */
  private controller: AbortController | undefined;
  /** Why the provider was told to stop, once it was. */
  private closedWith: AgentCoreError | undefined;
  private readonly request: ProviderRequest;
  /** The call's abort signals (the request itself is not kept: the invocation holds what it uses of it). */
  private readonly signals: readonly AbortSignal[];
  private readonly streamOptions: ProviderStreamOptions;
  private readonly toolIds: readonly string[];
  /** The runner's sink, the call's own, or both in turn. */
  private readonly channel: OutputChannel | ChainedOutput | undefined;
  private readonly output: StageOutput;
  private readonly span: DiagnosticContext | undefined;
  private readonly log: InvocationLog | undefined;
  /** When the call started (`performance.now()`), for its log's duration; undefined without a log. */
  private readonly startedAt: number | undefined;
  /** The call's warnings so far; undefined while there are none. */
  private warnings: AgentCoreError[] | undefined;
  /** The current try's iterator (its `next`, read once, is held by the loop), and its `return`, read once with it. */
  private iterator: object | undefined;
  private closeItems: (() => unknown) | undefined;
  /** What `end` settles with once the closing event is written (or at once, when a limit stops the wait). */
  private pendingOutcome: StageOutcome | undefined;
  private pendingError: AgentCoreError | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When `timeoutMs` runs out (`performance.now()` time); undefined without a timeout. */
  private deadline: number | undefined;
  /** The wait before the next try, and the provider failure it is to retry. */
  private backoff: { readonly timer: ReturnType<typeof setTimeout>; readonly wake: () => void; readonly failure: AgentCoreError } | undefined;
  private attempts = 0;
  /** Chunks the current try yielded; a failure after the first one is never retried. */
  private chunkCount = 0;
  /** Items (chunks or batches) the current try yielded. */
  private arrivals = 0;
  /** Chunks read since the clock was last looked at (see {@link yieldToTimers}). */
  private sinceClockCheck = 0;
  /** When timers last had a turn during the stream, and how many looks at the clock since. */
  private sliceStart = 0;
  private clockChecks = 0;
  /** The current try failed inside the provider (not in the runner's checks). */
  private providerFailed = false;
  /** The current try timed out waiting for its first chunk: retried like a retryable provider failure. */
  private firstChunkTimedOut = false;
  /** When the runner asked the provider for the next item (`performance.now()`), while it waits; -1 otherwise. */
  private waitingSince = -1;
  /** The timer watching the wait for the next item (first chunk, or idle), and the limit it watches. */
  private waitTimer: ReturnType<typeof setTimeout> | undefined;
  private waitLimit: TimeLimit | undefined;

  constructor(
    private readonly settings: RunnerSettings,
    call: CheckedRequest,
    tools: readonly CompiledTool[],
    private readonly resolve: (result: ModelRunResult) => void,
    private readonly reject: (error: AgentCoreError) => void,
  ) {
    const { stageId, logger, diagnostics } = call;
    this.signals = call.signals;
    this.toolIds = tools.length === 0 ? NO_TOOL_ID_LIST : tools.map(idOf);
    // One frozen request for every try: nothing a provider could do to it reaches a retry.
    this.request = Object.freeze({ stageId, messages: call.messages, tools: tools.length === 0 ? NO_PROVIDER_TOOLS : Object.freeze(tools.map(providerToolOf)) });
    // One options object for every try; its signal is made when first read.
    this.streamOptions = streamOptions(this);
    this.span = diagnostics === undefined ? undefined : openSpan(diagnostics, { 'agent_core.stage_id': stageId });
    this.log = logger === undefined ? undefined : this.openLog(logger, stageId);
    this.startedAt = logger === undefined ? undefined : performance.now();
    const runnerSink = this.openChannel(settings.output, 'runner');
    const callSink = this.openChannel(call.output, 'call');
    this.channel = runnerSink === undefined ? callSink : callSink === undefined ? runnerSink : new ChainedOutput(runnerSink, callSink);
    this.output = new StageOutput(stageId, tools.length === 0 ? NO_TOOL_IDS : new Map(tools.map(byId)), settings.maxOutputChars, this.channel);
  }

  /** The call's log, whose own failures are this call's `LOG_FAILED` warnings (apart from the constructor, so that a call without a logger allocates no closure context). */
  private openLog(logger: SubFlowLog, stageId: string): InvocationLog {
    return new InvocationLog(logger, stageId, this.span, (warning) => {
      this.warn(warning, false);
    });
  }

  /** A channel to `target` whose failure is this call's `SINK_FAILED` warning naming `sink` (see {@link sinkFailed}). */
  private openChannel(target: SinkTarget | undefined, sink: SinkName): OutputChannel | undefined {
    return target === undefined ? undefined : new OutputChannel(target, this, sink);
  }

  start(): void {
    const { signals } = this;
    if (signals.length > 0) this.listen(signals);
    const { timeoutMs } = this.settings;
    if (timeoutMs !== undefined) this.startTimeout(timeoutMs);
    this.logStart();
    void this.run();
  }

  /** Stops the call when one of `signals` aborts. (Each of these closures is made in a method of its own, so that a call without them allocates no closure context.) */
  private listen(signals: readonly AbortSignal[]): void {
    const onAbort = (): void => {
      this.stop(abortedError(this.request.stageId, firstAborted(signals)?.reason));
    };
    this.onAbort = onAbort;
    for (const signal of signals) signal.addEventListener('abort', onAbort);
  }

  /** Stops the call `timeoutMs` from now. */
  private startTimeout(timeoutMs: number): void {
    this.deadline = performance.now() + timeoutMs;
    this.timer = setTimeout(() => {
      // A wait that cannot end in time is never started (see retryDelay); should a timeout fire
      // during one anyway, the failure being waited on stays visible as the cause.
      this.stop(timeoutError(this.request.stageId, 'timeoutMs', timeoutMs, this.backoff?.failure));
    }, timeoutMs);
  }

  /** Listens to the call's signals (when it has any). */
  private onAbort: (() => void) | undefined;

  /**
   * The call from its start event to its end: the tries (retrying before the first chunk), each
   * streaming from the provider, then the outcome. One async frame for the whole call.
   */
  private async run(): Promise<void> {
    try {
      const { stageId } = this.request;
      const { toolIds } = this;
      const started = this.channel?.deliver({ type: 'stage-start', stageId, mode: toolIds.length > 0 ? 'tools' : 'text', toolIds });
      if (started !== undefined) await started;
      if (this.phase !== RUNNING) return;
      const { firstChunkTimeoutMs, idleTimeoutMs } = this.settings;
      const watched = firstChunkTimeoutMs !== undefined || idleTimeoutMs !== undefined;
      for (;;) {
        this.attempts++;
        this.chunkCount = 0;
        this.arrivals = 0;
        this.providerFailed = false;
        this.firstChunkTimedOut = false;
        try {
          this.sliceStart = performance.now();
          const next = this.open();
          const target = this.iterator as object;
          // The try's items, until the provider's iterator is done (or the call or the try stops).
          for (;;) {
            let done: unknown;
            let value: unknown;
            try {
              if (watched) this.waitForItem();
              const pending: unknown = Reflect.apply(next, target, NO_ARGUMENTS);
              // The first chunk's wait can be given up (and the try retried) while next() never settles.
              const step: unknown = await (firstChunkTimeoutMs !== undefined && this.arrivals === 0 ? this.firstChunkRace(pending) : pending);
              this.wakeStream = undefined;
              if (watched) this.waitingSince = -1;
              if (this.phase !== RUNNING || this.firstChunkTimedOut) break;
              if (typeof step !== 'object' || step === null) throw this.ownProviderError('the provider iterator returned a non-object result');
              ({ done, value } = step as { readonly done?: unknown; readonly value?: unknown });
            } catch (error) {
              if (this.phase !== RUNNING || this.firstChunkTimedOut) break;
              this.iterator = undefined;
              this.providerFailed = true;
              throw this.providerError(error);
            }
            if (done === true) {
              this.iterator = undefined;
              break;
            }
            this.arrivals++;
            if (Array.isArray(value)) await this.acceptBatch(value);
            else {
              const pending = this.output.accept(value, this.chunkCount++);
              if (pending !== undefined) await pending;
              this.sinceClockCheck++;
            }
            if (this.phase !== RUNNING) break;
            // Chunks that all arrive as microtasks would keep timers from ever running: the time limits
            // and an App's abort timer included. Every time slice, let them run.
            if (this.sinceClockCheck >= CHUNKS_PER_CLOCK_CHECK) {
              this.sinceClockCheck = 0;
              if (performance.now() - this.sliceStart >= TIME_SLICE_MS || ++this.clockChecks >= CLOCK_CHECKS_PER_TURN) {
                await yieldToTimers();
                this.sliceStart = performance.now();
                this.clockChecks = 0;
                if (this.phase !== RUNNING) break;
              }
            }
          }
          if (this.firstChunkTimedOut) throw timeoutError(stageId, 'firstChunkTimeoutMs', firstChunkTimeoutMs as number);
          break;
        } catch (error) {
          if (this.phase !== RUNNING) return;
          const delayMs = this.retryDelay(error);
          if (delayMs === undefined) throw error;
          const failure = this.providerError(error);
          this.log?.retry(this.attempts, delayMs, failure);
          await this.sleep(delayMs, failure);
          if (this.phase !== RUNNING) return;
        }
      }
      if (this.phase !== RUNNING) return;
      const ended = this.end(this.output.complete(), undefined);
      if (ended !== undefined) await ended;
    } catch (error) {
      if (this.phase !== RUNNING) return;
      const ended = this.end(undefined, this.providerError(error));
      if (ended !== undefined) await ended;
    }
  }

  /**
   * The wait before retrying `error`, or undefined when it is not retried: not retryable, output
   * already started, tries used up, or a wait over `maxDelayMs` or one that cannot end before the
   * `timeoutMs` deadline (the failure is then raised at once, rather than a `TIMEOUT` that would
   * hide it). A try that timed out waiting for its first chunk is retried like a retryable failure.
   */
  private retryDelay(error: unknown): number | undefined {
    const { attempts, baseDelayMs, maxDelayMs } = this.settings;
    if (!this.providerFailed || this.chunkCount > 0 || this.attempts >= attempts) return undefined;
    const hint = this.firstChunkTimedOut ? { retryable: true } : readRetryHint(error);
    if (!hint.retryable) return undefined;
    const delayMs = Math.max(baseDelayMs * 2 ** (this.attempts - 1), hint.retryAfterMs ?? 0);
    if (delayMs > maxDelayMs) return undefined;
    if (this.deadline !== undefined && performance.now() + delayMs >= this.deadline) return undefined;
    return delayMs;
  }

  /** A batch of chunks from one network read: each taken in order, as if yielded one by one. */
  private async acceptBatch(batch: readonly unknown[]): Promise<void> {
    let length: number;
    try {
      length = batch.length;
    } catch (error) {
      throw chunkError(this.request.stageId, { path: [this.chunkCount], rule: 'readable', problem: 'could not be read (a batch whose length throws)', cause: error });
    }
    for (let index = 0; index < length; index++) {
      let chunk: unknown;
      try {
        chunk = batch[index];
      } catch (error) {
        throw chunkError(this.request.stageId, { path: [this.chunkCount], rule: 'readable', problem: 'could not be read (reading it threw)', cause: error });
      }
      if (chunk === undefined && !(index in batch)) throw chunkError(this.request.stageId, { path: [this.chunkCount], rule: 'hole', problem: 'is a hole in a batch of chunks' });
      const pending = this.output.accept(chunk, this.chunkCount++);
      if (pending !== undefined) {
        await pending;
        if (this.phase !== RUNNING) return;
      }
    }
    this.sinceClockCheck += length;
  }

  /** Starts the wait for the next item: the first chunk of a try, or the next one (idle). */
  private waitForItem(): void {
    const { firstChunkTimeoutMs, idleTimeoutMs } = this.settings;
    const limit: TimeLimit | undefined = this.arrivals === 0 ? (firstChunkTimeoutMs === undefined ? undefined : 'firstChunkTimeoutMs') : idleTimeoutMs === undefined ? undefined : 'idleTimeoutMs';
    if (limit === undefined) {
      this.waitingSince = -1;
      return;
    }
    this.waitingSince = performance.now();
    if (this.waitLimit !== limit) {
      clearTimeout(this.waitTimer);
      this.waitTimer = undefined;
      this.waitLimit = limit;
    }
    if (this.waitTimer === undefined) this.armWait(this.settings[limit] as number);
  }

  /**
   * One timer watches the waits: re-armed only when it fires early (the wait it watched ended and
   * another began), so a chunk costs a clock read, not a timer.
   */
  private armWait(delayMs: number): void {
    this.waitTimer = setTimeout(() => {
      this.waitTimer = undefined;
      const limit = this.waitLimit as TimeLimit;
      const milliseconds = this.settings[limit] as number;
      if (this.phase !== RUNNING || this.waitingSince < 0) return;
      const waited = performance.now() - this.waitingSince;
      if (waited < milliseconds) {
        this.armWait(milliseconds - waited);
        return;
      }
      if (limit === 'idleTimeoutMs') {
        this.stop(timeoutError(this.request.stageId, 'idleTimeoutMs', milliseconds));
        return;
      }
      // The first chunk never came: this try is given up (and retried, when tries remain).
      this.firstChunkTimedOut = true;
      this.providerFailed = true;
      this.waitingSince = -1;
      this.closeIterator();
      this.wakeStream?.();
    }, delayMs);
  }

  /** The provider's signal: aborted with the reason the provider was stopped, when it was stopped before reading it. */
  providerSignal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.closedWith !== undefined) this.controller.abort(this.closedWith);
    }
    return this.controller.signal;
  }

  /**
   * The wait for a try's first item, which a first-chunk timeout can end early through
   * `wakeStream` (apart from `run`, so that its frame captures no `this` in a closure context).
   */
  private firstChunkRace(pending: unknown): Promise<unknown> {
    return Promise.race([
      pending,
      new Promise<undefined>((wake) => {
        this.wakeStream = () => {
          wake(undefined);
        };
      }),
    ]);
  }

  /** Set while the stream awaits the provider: resolves that wait early (a first-chunk timeout). */
  private wakeStream: (() => void) | undefined;

  /** Calls `stream()` and reads the iterator it returns, its `next` and `return` once each: the iterator and its `return` kept on the invocation, its `next` returned. */
  private open(): () => unknown {
    try {
      const iterable: unknown = this.settings.stream(this.request, this.streamOptions);
      const factory = typeof iterable === 'object' && iterable !== null ? (iterable as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] : undefined;
      const target: unknown = typeof factory === 'function' ? Reflect.apply(factory, iterable, []) : undefined;
      if (typeof target !== 'object' || target === null) throw this.ownProviderError('provider.stream() did not return an async iterable');
      const { next, return: close } = target as Partial<AsyncIterator<unknown>>;
      if (typeof next !== 'function') throw this.ownProviderError('provider.stream() did not return an async iterable');
      this.iterator = target;
      this.closeItems = typeof close === 'function' ? close : undefined;
      return next;
    } catch (error) {
      this.providerFailed = true;
      throw this.providerError(error);
    }
  }

  /** `PROVIDER_FAILED` for a provider that broke the iterator contract (not retryable). */
  private ownProviderError(message: string): AgentCoreError {
    const { providerId } = this.settings;
    return buildProviderError(message, providerId === undefined ? {} : { providerId });
  }

  /** A provider's failure as the call's error: its own `AgentCoreError`, or `PROVIDER_FAILED` wrapping it (retryable by the common conventions). */
  private providerError(error: unknown): AgentCoreError {
    if (AgentCoreError.isInstance(error)) return error;
    const { providerId } = this.settings;
    const { retryable, status } = readConventionalFailure(error);
    return buildProviderError(`provider ${providerId === undefined ? '' : `"${providerId}" `}failed: ${errorMessage(error)}`, {
      cause: error,
      retryable,
      ...(status === undefined ? {} : { status }),
      ...(providerId === undefined ? {} : { providerId }),
    });
  }

  private sleep(delayMs: number, failure: AgentCoreError): Promise<void> {
    return new Promise((wake) => {
      const timer = setTimeout(() => {
        this.backoff = undefined;
        wake();
      }, delayMs);
      this.backoff = { timer, wake, failure };
    });
  }

  /**
   * The outcome is known: deliver the closing event, then settle — at once when the sink took it
   * synchronously, else once its write settled (the promise returned).
   */
  private end(outcome: StageOutcome | undefined, error: AgentCoreError | undefined): Promise<void> | undefined {
    this.phase = ENDING;
    this.pendingOutcome = outcome;
    this.pendingError = error;
    this.clearWait();
    if (error !== undefined) this.closeProvider(error);
    const ended = this.channel?.deliver(stageEnd(this.request.stageId, error));
    if (ended === undefined) {
      this.settle(outcome, error);
      return undefined;
    }
    return this.settleAfter(ended, outcome, error);
  }

  /** Settles once the closing write settled (apart from `end`, so that a synchronous end allocates no closure context). */
  private settleAfter(ended: Promise<void>, outcome: StageOutcome | undefined, error: AgentCoreError | undefined): Promise<void> {
    return ended.then(() => {
      this.settle(outcome, error);
    });
  }

  /** Abort or a time limit: while running, end now without waiting; while ending, settle the known outcome now. */
  private stop(error: AgentCoreError): void {
    if (this.phase === SETTLED) return;
    if (this.phase === RUNNING) {
      this.phase = ENDING;
      this.clearWait();
      this.closeProvider(error);
      this.channel?.deliverLast(stageEnd(this.request.stageId, error));
      this.channel?.abandon();
      this.settle(undefined, error);
      return;
    }
    // The closing write of a known outcome is still settling: it no longer holds up the sink.
    this.channel?.abandon();
    this.settle(this.pendingOutcome, this.pendingError);
  }

  private clearWait(): void {
    clearTimeout(this.waitTimer);
    this.waitTimer = undefined;
    this.waitingSince = -1;
  }

  private closeProvider(reason: AgentCoreError): void {
    this.closedWith ??= reason;
    if (this.controller !== undefined && !this.controller.signal.aborted) this.controller.abort(reason);
    const backoff = this.backoff;
    if (backoff !== undefined) {
      this.backoff = undefined;
      clearTimeout(backoff.timer);
      backoff.wake();
    }
    this.closeIterator();
  }

  private closeIterator(): void {
    const { iterator, closeItems } = this;
    this.iterator = undefined;
    this.closeItems = undefined;
    if (iterator === undefined || closeItems === undefined) return;
    try {
      const closing: unknown = Reflect.apply(closeItems, iterator, []);
      if (closing instanceof Promise) closing.then(ignore, ignore);
    } catch {
      // A provider whose return() throws is already closed as far as the runner is concerned.
    }
  }

  private settle(outcome: StageOutcome | undefined, error: AgentCoreError | undefined): void {
    if (this.phase === SETTLED) return;
    clearTimeout(this.timer);
    this.clearWait();
    const { onAbort } = this;
    if (onAbort !== undefined) for (const signal of this.signals) signal.removeEventListener('abort', onAbort);
    this.logEnd(outcome, error);
    this.phase = SETTLED;
    if (outcome === undefined) {
      this.reject(error as AgentCoreError);
      return;
    }
    const result: { -readonly [K in keyof ModelRunResult]: ModelRunResult[K] } = {
      stageId: this.request.stageId,
      value: this.toolIds.length > 0 ? outcome.proposals : outcome.text,
      text: outcome.text,
      proposals: outcome.proposals,
      finishReason: outcome.finishReason,
      warnings: this.warnings === undefined ? [] : this.warnings.slice(),
    };
    if (outcome.usage !== undefined) result.usage = outcome.usage;
    if (this.span !== undefined) result.diagnostics = this.span;
    this.resolve(result);
  }

  /** A channel's sink failed: this call's `SINK_FAILED` warning naming `sink`. */
  sinkFailed(event: OutputEvent, error: unknown, sink: SinkName): void {
    this.warn(sinkFailedError(this.request.stageId, event.type, sink, errorMessage(error), error), true);
  }

  private warn(warning: AgentCoreError, record: boolean): void {
    if (this.phase !== SETTLED) (this.warnings ??= []).push(warning);
    if (record) this.log?.warning(warning);
    try {
      this.settings.onWarning?.(warning);
    } catch {
      // onWarning must not throw; a throw is ignored so the call is never affected.
    }
  }

  private logStart(): void {
    if (this.log === undefined) return;
    const { messages } = this.request;
    const { toolIds } = this;
    const data: Record<string, JsonValue> = { mode: toolIds.length > 0 ? 'tools' : 'text', toolIds: [...toolIds], messageCount: messages.length, inputChars: inputCharsOf(messages) };
    if (this.settings.providerId !== undefined) data.providerId = this.settings.providerId;
    if (this.settings.model !== undefined) data.model = this.settings.model;
    if (this.settings.recordContent) data.messages = messages as unknown as JsonValue;
    this.log.start(data);
  }

  private logEnd(outcome: StageOutcome | undefined, error: AgentCoreError | undefined): void {
    if (this.log === undefined) return;
    const finishChunk = this.output.finishChunk;
    const finishReason = outcome?.finishReason ?? finishChunk?.reason;
    const usage = outcome?.usage ?? finishChunk?.usage;
    this.log.end({
      ok: error === undefined,
      durationMs: Math.round((performance.now() - (this.startedAt as number)) * 1000) / 1000,
      attempts: this.attempts,
      outputChars: this.output.outputChars,
      proposalCount: outcome?.proposals.length ?? 0,
      warningCount: this.warnings?.length ?? 0,
      ...(finishReason === undefined ? {} : { finishReason }),
      ...(usage === undefined ? {} : { usage: usage as JsonObject }),
      ...(error === undefined ? {} : { error }),
      ...(this.settings.recordContent ? { content: { text: this.output.streamedText, proposals: (outcome?.proposals ?? []) as unknown as JsonValue } } : {}),
    });
  }
}

function stageEnd(stageId: string, error: AgentCoreError | undefined): OutputEvent {
  return error === undefined ? { type: 'stage-end', stageId, ok: true } : { type: 'stage-end', stageId, ok: false, code: error.code };
}
