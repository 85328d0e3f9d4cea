import { AgentCoreError, type InvokeRequest } from '@jangts/agent-types';
import { runInvocation } from './invocation.js';
import type { ModelRunResult } from './model-run-result.js';
import type { ModelRunnerOptions } from './model-runner-options.js';
import { normalizeInvokeRequest } from './normalize-invoke-request.js';
import { resolveRunnerOptions, type ResolvedRunnerOptions } from './resolve-runner-options.js';

/**
 * Runs model calls against one provider: plain-text stages (the result is the text) and
 * tool-calling stages (the result is the proposals, validated against each tool's TypeBox
 * schema). Streams every call's events to `sink.output` in order, retries retryable provider
 * failures before the first chunk, and enforces abort, `timeoutMs` and `maxOutputChars`.
 *
 * The constructor checks its options (`CONFIG_INVALID` naming the field). `invoke` never throws
 * synchronously; it rejects only with {@link AgentCoreError}: `INPUT_INVALID`, `PROVIDER_FAILED`,
 * `OUTPUT_INVALID`, `OUTPUT_LIMIT`, `TIMEOUT`, `ABORTED` (or an `AgentCoreError` the provider threw).
 *
 * @example
 * const runner = new ModelRunner({ provider: { async *stream() { yield '你好'; yield ',Core'; } } });
 * (await runner.invoke({ input: '你好', stageId: 'reply' })).value; // '你好,Core'
 */
export class ModelRunner {
  private readonly options: ResolvedRunnerOptions;

  constructor(options: ModelRunnerOptions) {
    this.options = resolveRunnerOptions(options);
  }

  /**
   * Runs one model call. Resolves to the {@link ModelRunResult}: `value` is the text of a
   * plain-text stage or the proposals of a tool stage. Rejects with `AgentCoreError` only.
   */
  invoke<TApp = unknown>(request: InvokeRequest<TApp>): Promise<ModelRunResult> {
    try {
      return runInvocation(this.options, normalizeInvokeRequest(request));
    } catch (error) {
      return Promise.reject(AgentCoreError.from(error, 'INPUT_INVALID'));
    }
  }
}
