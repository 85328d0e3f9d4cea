/**
 * `@jangts/agent-runner`: `ModelRunner`, output sinks and diagnostics; the providers are at
 * `@jangts/agent-runner/providers/*`.
 *
 * The API reference lists these exports on the package's own page (`@mergeModuleWith`), and each
 * subpath as a module under it.
 *
 * @module
 * @mergeModuleWith <project>
 */
export { ModelRunner } from './model-runner.js';
export type { ModelRunnerOptions, RetryOptions } from './model-runner-options.js';
export type { ModelRunResult } from './model-run-result.js';
export {
  createProviderError,
  isRetryableStatus,
  parseRetryAfter,
  readRetryHint,
  retryAfterFromHeaders,
  type ProviderErrorOptions,
  type RetryHint,
} from './provider-failure.js';
export { createDiagnosticContext } from './create-diagnostic-context.js';
export { toTraceparent } from './to-traceparent.js';
export { AgentCoreError } from '@jangts/agent-types';
export type {
  AgentCoreErrorCode,
  AssembledInput,
  DiagnosticAttributeValue,
  DiagnosticContext,
  FinishReason,
  InvokeRequest,
  JsonObject,
  JsonSchema,
  JsonValue,
  MaybePromise,
  ModelMessage,
  ModelProvider,
  ModelResult,
  ModelUsage,
  OperationContext,
  OutputEvent,
  OutputSink,
  ProviderChunk,
  ProviderRequest,
  ProviderStreamOptions,
  ProviderTool,
  SubFlowLog,
  ToolProposal,
  ToolSpec,
} from '@jangts/agent-types';
