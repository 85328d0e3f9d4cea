/**
 * `@jangts/agent-types/structs`: the TypeBox schemas (runtime values) matching the public types.
 *
 * @packageDocumentation
 */
export { AgentCoreErrorCodeSchema, AgentCoreErrorJsonSchema } from './error-structs.js';
export {
  AssembledContextPlanSchema,
  AssembledInputSchema,
  AssembledMessageSchema,
  ContextFragmentSchema,
  ContextPlanAuditSchema,
  ContextPlanRequestSchema,
  ContextLifetimeSchema,
  ContextRoleSchema,
  ContextTrustSchema,
  FragmentUsageSchema,
} from './context-structs.js';
export {
  FinishReasonSchema,
  ModelMessageSchema,
  ModelResultSchema,
  ModelUsageSchema,
  OutputEventSchema,
  ProviderChunkSchema,
  ProviderRequestSchema,
  ProviderToolSchema,
  ToolProposalSchema,
} from './model-structs.js';
export { ConversationSchema, HistoryAuditSchema, HistorySchema, HistoryUsageSchema } from './conversation-structs.js';
export { DiagnosticAttributeValueSchema, DiagnosticContextSchema, LogPageSchema, LogRecordSchema } from './log-structs.js';
export { AbortSignalSchema, OperationContextSchema, SubFlowLogSchema } from './operation-structs.js';
