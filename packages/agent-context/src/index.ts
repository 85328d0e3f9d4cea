export { validateContextFragment } from './validate-context-fragment.js';
export { assembleFragments } from './assemble-fragments.js';
export { assembleContextPlan } from './assemble-context-plan.js';
export { assembleConversation, ConversationRequestSchema } from './assemble-conversation.js';
// The error these functions throw, so that an App installing only this package can catch it by class.
export { AgentCoreError, type AgentCoreErrorCode } from '@jangts/agent-types';
export type {
  AssembledContextPlan,
  AssembledConversation,
  Conversation,
  ConversationRequest,
  HistoryAudit,
  HistoryMessage,
  HistoryTrust,
  HistoryUsage,
  AssembledInput,
  AssembledMessage,
  ContextFragment,
  ContextLifetime,
  ContextPlanAudit,
  ContextPlanRequest,
  ContextRole,
  ContextTrust,
  FragmentUsage,
} from '@jangts/agent-types';
