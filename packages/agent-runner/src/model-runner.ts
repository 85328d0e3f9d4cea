import { AgentCoreError, type InvokeRequest, type ToolSpec } from '@jangts/agent-types';
import { parseInvokeRequest } from './input/invoke-request.js';
import { parseRunnerOptions, type ModelRunnerOptions, type RunnerSettings } from './input/runner-options.js';
import { runInvocation } from './run/invocation.js';
import type { ModelRunResult } from './types.js';

/**
 * Runs model calls against one provider: plain-text stages (the result is the text) and
 * tool-calling stages (the result is the proposals, validated against each tool's schema).
 * Streams every call's events to `sink.output` in order, retries retryable provider failures
 * before the first chunk, and enforces abort, `timeoutMs`, `firstChunkTimeoutMs`,
 * `idleTimeoutMs` and `maxOutputChars`.
 *
 * The constructor reads its options once (`CONFIG_INVALID` naming the field; a provider passed
 * where the options belong is named as such). `invoke` never throws synchronously; it rejects
 * only with {@link AgentCoreError}: `INPUT_INVALID`, `TRUST_VIOLATION`, `PLAN_VIOLATION`,
 * `PROVIDER_FAILED`, `OUTPUT_INVALID`, `OUTPUT_LIMIT`, `TIMEOUT`, `ABORTED` (or an
 * `AgentCoreError` the provider threw).
 *
 * @example
 * const runner = new ModelRunner({ provider: { async *stream() { yield '你好'; yield ',Core'; } } });
 * (await runner.invoke({ input: '你好', stageId: 'reply' })).value; // '你好,Core'
 */
export class ModelRunner {
  private readonly settings: RunnerSettings;

  constructor(options: ModelRunnerOptions) {
    this.settings = parseRunnerOptions(options);
  }

  /**
   * Runs one model call of a plain-text stage (no `tools`). Resolves to the {@link ModelRunResult}
   * whose `value` is the text. Rejects with `AgentCoreError` only.
   */
  invoke<TApp = unknown>(request: InvokeRequest<TApp> & { readonly tools?: undefined }): Promise<ModelRunResult<readonly []>>;
  /**
   * Runs one model call of a stage with these `tools`. Resolves to the {@link ModelRunResult}: for
   * a list written in the call (or a tuple) `value` is the proposals (deep-frozen), a union
   * discriminated by `toolId` whose `args` are `Static<>` of each tool's schema; an empty list is a
   * plain-text stage (`value` is the text); a list that may be empty gives either. Rejects with
   * `AgentCoreError` only.
   */
  invoke<TApp = unknown, const TTools extends readonly ToolSpec[] = readonly ToolSpec[]>(request: InvokeRequest<TApp, TTools> & { readonly tools: TTools }): Promise<ModelRunResult<TTools>>;
  /**
   * Runs one model call. Resolves to the {@link ModelRunResult}: `value` is the text of a
   * plain-text stage or the proposals of a tool stage (deep-frozen). Rejects with `AgentCoreError` only.
   */
  invoke<TApp = unknown>(request: InvokeRequest<TApp>): Promise<ModelRunResult>;
  invoke(request: InvokeRequest): Promise<ModelRunResult> {
    try {
      return runInvocation(this.settings, parseInvokeRequest(request));
    } catch (error) {
      // The door raises AgentCoreError only: `from` hands it on as it is.
      return Promise.reject(AgentCoreError.from(error, 'INPUT_INVALID'));
    }
  }
}
