import { AgentCoreError, type DiagnosticContext, type JsonObject, type JsonValue, type OutputEvent, type ProviderRequest } from '@jangts/agent-types';
import { createDiagnosticContext } from './create-diagnostic-context.js';
import { InvocationLog } from './invocation-log.js';
import type { ModelRunResult } from './model-run-result.js';
import type { NormalizedInvocation } from './normalize-invoke-request.js';
import { OutputChannel } from './output-channel.js';
import type { ResolvedRunnerOptions } from './resolve-runner-options.js';
import { abortedError, timeoutError } from './runner-errors.js';
import { StageOutput, type StageOutcome } from './stage-output.js';
import { errorMessage } from './error-message.js';
import { CHUNKS_PER_CLOCK_CHECK, TIME_SLICE_MS, yieldToTimers } from './yield-to-timers.js';
import { createProviderError, readConventionalFailure, readRetryHint } from './provider-failure.js';

const RUNNING = 0;
const ENDING = 1;
const SETTLED = 2;

const ignore = (): void => undefined;

/**
 * Runs one checked invocation: streams from the provider (retrying before the first chunk),
 * feeds the output sink, validates the proposals, and settles exactly once. Abort and timeout
 * settle at once, without waiting for the provider or for a sink.
 */
export function runInvocation(options: ResolvedRunnerOptions, call: NormalizedInvocation): Promise<ModelRunResult> {
  const aborted = call.signals.find((signal) => signal.aborted);
  if (aborted !== undefined) return Promise.reject(abortedError(call.stageId, aborted.reason));
  return new Promise((resolve, reject) => {
    new Invocation(options, call, resolve, reject).start();
  });
}

class Invocation {
  private phase = RUNNING;
  private readonly controller = new AbortController();
  private readonly channel: OutputChannel | undefined;
  private readonly output: StageOutput;
  private readonly span: DiagnosticContext | undefined;
  private readonly log: InvocationLog | undefined;
  private readonly startedAt = performance.now();
  private readonly warnings: AgentCoreError[] = [];
  private iterator: AsyncIterator<unknown> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When `timeoutMs` runs out (`performance.now()` time); undefined without a timeout. */
  private deadline: number | undefined;
  /** The wait before the next try, and the provider failure it is to retry. */
  private backoff: { readonly timer: ReturnType<typeof setTimeout>; readonly wake: () => void; readonly failure: AgentCoreError } | undefined;
  private attempts = 0;
  /** Items the current attempt yielded; a failure after the first one is never retried. */
  private chunkCount = 0;
  /** When timers last had a turn during the stream (see {@link yieldToTimers}). */
  private sliceStart = 0;
  /** The current attempt failed inside the provider (not in the runner's checks). */
  private providerFailed = false;
  private outcome: StageOutcome | undefined;
  private error: AgentCoreError | undefined;

  constructor(
    private readonly options: ResolvedRunnerOptions,
    private readonly call: NormalizedInvocation,
    private readonly resolve: (result: ModelRunResult) => void,
    private readonly reject: (error: AgentCoreError) => void,
  ) {
    const { stageId, tools, logger, diagnostics } = call;
    this.span = diagnostics === undefined ? undefined : createDiagnosticContext(diagnostics, { 'agent_core.stage_id': stageId });
    this.log = logger === undefined ? undefined : new InvocationLog(logger, stageId, this.span, (warning) => {
      this.warn(warning, false);
    });
    const output = options.output;
    this.channel = output === undefined ? undefined : new OutputChannel(output, (event, error) => {
      this.sinkFailed(event, error);
    });
    this.output = new StageOutput(stageId, tools, options.maxOutputChars, this.channel);
  }

  start(): void {
    for (const signal of this.call.signals) signal.addEventListener('abort', this.onAbort);
    const { timeoutMs } = this.options;
    if (timeoutMs !== undefined) {
      this.deadline = performance.now() + timeoutMs;
      this.timer = setTimeout(() => {
        // A wait that cannot end in time is never started (see retryDelay); should a timeout fire
        // during one anyway, the failure being waited on stays visible as the cause.
        this.stop(timeoutError(this.call.stageId, timeoutMs, this.backoff?.failure));
      }, timeoutMs);
    }
    this.logStart();
    void this.run();
  }

  private readonly onAbort = (): void => {
    const signal = this.call.signals.find((candidate) => candidate.aborted);
    this.stop(abortedError(this.call.stageId, signal?.reason));
  };

  private async run(): Promise<void> {
    try {
      const { stageId, toolIds } = this.call;
      const started = this.channel?.deliver({ type: 'stage-start', stageId, mode: toolIds.length > 0 ? 'tools' : 'text', toolIds });
      if (started !== undefined) await started;
      if (this.phase !== RUNNING) return;
      await this.streamWithRetries();
      if (this.phase !== RUNNING) return;
      await this.end(this.output.complete(), undefined);
    } catch (error) {
      if (this.phase !== RUNNING) return;
      await this.end(undefined, this.providerError(error));
    }
  }

  private async streamWithRetries(): Promise<void> {
    for (;;) {
      this.attempts++;
      this.chunkCount = 0;
      this.providerFailed = false;
      try {
        await this.streamOnce();
        return;
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
  }

  /**
   * The wait before retrying `error`, or undefined when it is not retried: not retryable, output
   * already started, tries used up, or a wait over `maxDelayMs` or one that cannot end before the
   * `timeoutMs` deadline (the failure is then raised at once, rather than a `TIMEOUT` that would
   * hide it).
   */
  private retryDelay(error: unknown): number | undefined {
    const { attempts, baseDelayMs, maxDelayMs } = this.options;
    if (!this.providerFailed || this.chunkCount > 0 || this.attempts >= attempts) return undefined;
    const hint = readRetryHint(error);
    if (!hint.retryable) return undefined;
    const delayMs = Math.max(baseDelayMs * 2 ** (this.attempts - 1), hint.retryAfterMs ?? 0);
    if (delayMs > maxDelayMs) return undefined;
    if (this.deadline !== undefined && performance.now() + delayMs >= this.deadline) return undefined;
    return delayMs;
  }

  private async streamOnce(): Promise<void> {
    this.sliceStart = performance.now();
    const iterator = this.open();
    this.iterator = iterator;
    for (;;) {
      let step: IteratorResult<unknown>;
      try {
        step = await iterator.next();
      } catch (error) {
        if (this.phase !== RUNNING) return;
        this.iterator = undefined;
        this.providerFailed = true;
        throw this.providerError(error);
      }
      if (this.phase !== RUNNING) return;
      if (typeof step !== 'object' || step === null) {
        throw createProviderError('the provider iterator returned a non-object result', { providerId: this.options.providerId });
      }
      if (step.done === true) {
        this.iterator = undefined;
        return;
      }
      const pending = this.output.accept(step.value, this.chunkCount++);
      if (pending !== undefined) {
        await pending;
        if (this.phase !== RUNNING) return;
      }
      // Chunks that all arrive as microtasks would keep timers from ever running: the timeout
      // and an App's abort timer included. Every time slice, let them run.
      if (this.chunkCount % CHUNKS_PER_CLOCK_CHECK === 0 && performance.now() - this.sliceStart >= TIME_SLICE_MS) {
        await yieldToTimers();
        this.sliceStart = performance.now();
        if (this.phase !== RUNNING) return;
      }
    }
  }

  private open(): AsyncIterator<unknown> {
    const request = this.providerRequest();
    try {
      const iterable: unknown = this.options.provider.stream(request, { signal: this.controller.signal });
      const factory = typeof iterable === 'object' && iterable !== null ? (iterable as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] : undefined;
      const iterator: unknown = typeof factory === 'function' ? factory.call(iterable) : undefined;
      if (typeof iterator !== 'object' || iterator === null || typeof (iterator as Partial<AsyncIterator<unknown>>).next !== 'function') {
        throw createProviderError('provider.stream() did not return an async iterable', { providerId: this.options.providerId });
      }
      return iterator as AsyncIterator<unknown>;
    } catch (error) {
      this.providerFailed = true;
      throw this.providerError(error);
    }
  }

  /**
   * The request of the current try: its own deep copy of the messages and tools (plain JSON), so
   * what a provider edits in its request never reaches a retry, the caller, the recorded
   * messages, or a later call with the same tool spec (whose provider tool is compiled once and
   * shared). The last possible try takes the runner's copy of the messages itself when they are
   * not recorded: nothing reads them after it.
   */
  private providerRequest(): ProviderRequest {
    const { stageId, messages, providerTools } = this.call;
    const lastTry = this.attempts >= this.options.attempts && !this.options.recordContent;
    return Object.freeze({ stageId, messages: lastTry ? messages : structuredClone(messages), tools: structuredClone(providerTools) });
  }

  private providerError(error: unknown): AgentCoreError {
    if (AgentCoreError.isInstance(error)) return error;
    const { providerId } = this.options;
    const message = errorMessage(error);
    const { retryable, status } = readConventionalFailure(error);
    return createProviderError(`provider ${providerId === undefined ? '' : `"${providerId}" `}failed: ${message}`, {
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

  /** The outcome is known: deliver the closing event (awaited), then settle. */
  private async end(outcome: StageOutcome | undefined, error: AgentCoreError | undefined): Promise<void> {
    this.phase = ENDING;
    this.outcome = outcome;
    this.error = error;
    if (error !== undefined) this.closeProvider(error);
    const ended = this.channel?.deliver(stageEnd(this.call.stageId, error));
    if (ended !== undefined) await ended;
    this.settle();
  }

  /** Abort or timeout: while running, end now without waiting; while ending, settle the known outcome now. */
  private stop(error: AgentCoreError): void {
    if (this.phase === SETTLED) return;
    if (this.phase === RUNNING) {
      this.phase = ENDING;
      this.error = error;
      this.closeProvider(error);
      this.channel?.deliverLast(stageEnd(this.call.stageId, error));
    }
    this.settle();
  }

  private closeProvider(reason: AgentCoreError): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
    const backoff = this.backoff;
    if (backoff !== undefined) {
      this.backoff = undefined;
      clearTimeout(backoff.timer);
      backoff.wake();
    }
    const iterator = this.iterator;
    this.iterator = undefined;
    if (iterator?.return === undefined) return;
    try {
      const closing: unknown = iterator.return();
      if (closing instanceof Promise) closing.then(ignore, ignore);
    } catch {
      // A provider whose return() throws is already closed as far as the runner is concerned.
    }
  }

  private settle(): void {
    if (this.phase === SETTLED) return;
    clearTimeout(this.timer);
    for (const signal of this.call.signals) signal.removeEventListener('abort', this.onAbort);
    this.logEnd();
    this.phase = SETTLED;
    const { outcome, error } = this;
    if (error !== undefined || outcome === undefined) {
      this.reject(error ?? new AgentCoreError('PROVIDER_FAILED', 'the call ended without an outcome'));
      return;
    }
    const isToolStage = this.call.toolIds.length > 0;
    const result: { -readonly [K in keyof ModelRunResult]: ModelRunResult[K] } = {
      stageId: this.call.stageId,
      value: isToolStage ? outcome.proposals : outcome.text,
      text: outcome.text,
      proposals: outcome.proposals,
      finishReason: outcome.finishReason,
      warnings: this.warnings.slice(),
    };
    if (outcome.usage !== undefined) result.usage = outcome.usage;
    if (this.span !== undefined) result.diagnostics = this.span;
    this.resolve(result);
  }

  private sinkFailed(event: OutputEvent, error: unknown): void {
    const message = errorMessage(error);
    this.warn(
      new AgentCoreError(
        'SINK_FAILED',
        `stage "${this.call.stageId}": the output sink failed on ${event.type} (${message}); it receives no further events of this call`,
        { details: { stageId: this.call.stageId, event: event.type }, cause: error },
      ),
      true,
    );
  }

  private warn(warning: AgentCoreError, record: boolean): void {
    if (this.phase !== SETTLED) this.warnings.push(warning);
    if (record) this.log?.warning(warning);
    try {
      this.options.onWarning?.(warning);
    } catch {
      // onWarning must not throw; a throw is ignored so the call is never affected.
    }
  }

  private logStart(): void {
    if (this.log === undefined) return;
    const { toolIds, messages, inputChars } = this.call;
    const data: Record<string, JsonValue> = { mode: toolIds.length > 0 ? 'tools' : 'text', toolIds, messageCount: messages.length, inputChars };
    if (this.options.providerId !== undefined) data.providerId = this.options.providerId;
    if (this.options.recordContent) data.messages = messages as unknown as JsonValue;
    this.log.start(data);
  }

  private logEnd(): void {
    if (this.log === undefined) return;
    const { outcome, error } = this;
    const finishChunk = this.output.finishChunk;
    const finishReason = outcome?.finishReason ?? finishChunk?.reason;
    const usage = outcome?.usage ?? finishChunk?.usage;
    this.log.end({
      ok: error === undefined,
      durationMs: Math.round((performance.now() - this.startedAt) * 1000) / 1000,
      attempts: this.attempts,
      outputChars: this.output.outputChars,
      proposalCount: outcome?.proposals.length ?? 0,
      warningCount: this.warnings.length,
      ...(finishReason === undefined ? {} : { finishReason }),
      ...(usage === undefined ? {} : { usage: usage as JsonObject }),
      ...(error === undefined ? {} : { error }),
      ...(this.options.recordContent ? { content: { text: this.output.streamedText, proposals: (outcome?.proposals ?? []) as unknown as JsonValue } } : {}),
    });
  }
}

function stageEnd(stageId: string, error: AgentCoreError | undefined): OutputEvent {
  return error === undefined ? { type: 'stage-end', stageId, ok: true } : { type: 'stage-end', stageId, ok: false, code: error.code };
}
