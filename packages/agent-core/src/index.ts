/**
 * `@jangts/agent-core`: the umbrella. Re-exports only; every symbol lives in its own package.
 *
 * The API reference lists these exports on the package's own page (`@mergeModuleWith`), and each
 * subpath as a module under it.
 *
 * @module
 * @mergeModuleWith <project>
 */
export { AGENT_CORE_ERROR_CODES, AgentCoreError } from '@jangts/agent-types';
export type {
  AgentCoreErrorCode,
  AgentCoreErrorOptions,
  AssembledContextPlan,
  AssembledInput,
  AssembledMessage,
  ContextFragment,
  ContextLifetime,
  ContextPlanAudit,
  ContextPlanRequest,
  ContextRole,
  ContextTrust,
  DiagnosticAttributeValue,
  DiagnosticContext,
  FinishReason,
  FragmentUsage,
  InvokeRequest,
  JsonObject,
  JsonSchema,
  JsonValue,
  LogPage,
  LogReadRequest,
  LogRecord,
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
  ReflectionLogReader,
  StageValue,
  SubFlowLog,
  ToolProposal,
  ToolProposalOf,
  ToolSpec,
} from '@jangts/agent-types';

/**
 * TypeBox's builder, for tool parameter schemas (`Type.Object({ orderId: Type.String() })`), and
 * its `Static`, `TSchema` and `TObject` types: an App needs no direct `typebox` install. `Type` is
 * the copy of TypeBox bundled into `@jangts/agent-types` (a cold import loads a few files, not
 * TypeBox's ~700); its schemas are plain JSON Schema, interchangeable with an own `typebox`'s.
 */
export { Type } from '@jangts/agent-types/internal/typebox-type';
export type { Static, TObject, TSchema } from 'typebox';

export { assembleContextPlan, assembleFragments, validateContextFragment } from '@jangts/agent-context';

export {
  ModelRunner,
  createDiagnosticContext,
  createProviderError,
  isRetryableStatus,
  parseRetryAfter,
  readRetryHint,
  retryAfterFromHeaders,
  toTraceparent,
} from '@jangts/agent-runner';
export type {
  ModelRunResult,
  ModelRunnerOptions,
  ProviderErrorOptions,
  RetryHint,
  RetryOptions,
} from '@jangts/agent-runner';

/** The support kit: `Support.createReplyPreview` and the `ReplyPreview*` types (same as `@jangts/agent-core/support`). */
export * as Support from '@jangts/agent-preview';
