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
export { ModelProviderSchema, ModelRunnerOptionsSchema, OutputSinkSchema, RetryOptionsSchema, type ModelRunnerOptions, type RetryOptions } from './input/runner-options.js';
export { InvokeRequestSchema } from './input/invoke-request.js';
export { ToolParametersSchema, ToolSpecSchema } from './input/tool-spec.js';
export type { ModelRunResult } from './types.js';
export {
  createProviderError,
  isRetryableStatus,
  parseRetryAfter,
  ProviderErrorOptionsSchema,
  readRetryHint,
  retryAfterFromHeaders,
  type ProviderErrorOptions,
  type RetryHint,
} from './provider-failure.js';
export { createDiagnosticContext } from './diagnostics/create-diagnostic-context.js';
export { toTraceparent } from './diagnostics/to-traceparent.js';
export { AgentCoreError } from '@jangts/agent-types';
export type {
  AgentCoreErrorCode,
  AssembledInput,
  Conversation,
  DiagnosticAttributeValue,
  DiagnosticContext,
  FinishReason,
  HistoryMessage,
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
  ProviderStreamItem,
  ProviderStreamOptions,
  ProviderTool,
  StageValue,
  SubFlowLog,
  ToolProposal,
  ToolProposalOf,
  ToolSpec,
} from '@jangts/agent-types';
