/**
 * `@jangts/agent-types`: the shared types, `AgentCoreError` and its codes; the TypeBox schemas are
 * at `@jangts/agent-types/structs`.
 *
 * The API reference lists these exports on the package's own page (`@mergeModuleWith`), and each
 * subpath as a module under it.
 *
 * @module
 * @mergeModuleWith <project>
 */
export { AGENT_CORE_ERROR_CODES, type AgentCoreErrorCode } from './agent-core-error-code.js';
export { AgentCoreError, type AgentCoreErrorOptions } from './agent-core-error.js';
export type { AssembledInput, AssembledMessage, FragmentUsage } from './assembled-input.js';
export type { ContextFragment, ContextLifetime, ContextRole, ContextTrust } from './context-fragment.js';
export type { AssembledContextPlan, ContextPlanAudit, ContextPlanRequest } from './context-plan.js';
export type {
  AssembledConversation,
  Conversation,
  ConversationRequest,
  HistoryAudit,
  HistoryMessage,
  HistoryTrust,
  HistoryUsage,
} from './conversation.js';
export type { DiagnosticAttributeValue, DiagnosticContext } from './diagnostic-context.js';
export type { JsonObject, JsonValue } from './json-value.js';
export type { LogRecord } from './log-record.js';
export type { MaybePromise } from './maybe-promise.js';
export type { InvokeRequest, ModelResult } from './model-call.js';
export type { ModelMessage, ToolProposal } from './model-message.js';
export type { OperationContext } from './operation-context.js';
export type { OutputEvent, OutputSink } from './output-sink.js';
export type {
  FinishReason,
  JsonSchema,
  ModelProvider,
  ModelUsage,
  ProviderChunk,
  ProviderRequest,
  ProviderStreamItem,
  ProviderStreamOptions,
  ProviderTool,
} from './provider.js';
export type { LogPage, LogReadRequest, ReflectionLogReader } from './reflection-log-reader.js';
export type { StageValue } from './stage-value.js';
export type { SubFlowLog } from './sub-flow-log.js';
export type { ToolProposalOf } from './tool-proposal-of.js';
export type { ToolSpec } from './tool-spec.js';
export * from './structs/index.js';
