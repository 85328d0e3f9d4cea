export { defineTurn, type Turn } from './define-turn.js';
export { TurnOptionsSchema, type TurnModel, type TurnOptions } from './turn-options.js';
export { TurnToolSchema, type TurnApproval, type TurnProposal, type TurnTool } from './turn-tool.js';
export { TurnRunRequestSchema, type TurnRunRequest } from './turn-run-request.js';
export { TurnDecisionSchema, TurnResumeRequestSchema, type TurnDecision, type TurnResumeRequest } from './turn-resume-request.js';
export { TurnPendingCallSchema, TurnStateSchema, type TurnPendingCall, type TurnState } from './turn-state.js';
export { TurnCallSchema, TurnStepSchema, type TurnCall, type TurnStep } from './turn-step.js';
export type { TurnAwaitingApproval, TurnBudget, TurnDone, TurnResult, TurnStatus, TurnStopped, TurnStopReason } from './turn-result.js';
// The error every failure is, so that an App installing only this package can catch it by class,
// and the shared types its API names.
export { AgentCoreError, type AgentCoreErrorCode } from '@jangts/agent-types';
export type {
  ContextFragment,
  HistoryMessage,
  InvokeRequest,
  MaybePromise,
  ModelResult,
  ModelUsage,
  OperationContext,
  OutputSink,
  ToolProposal,
  ToolSpec,
} from '@jangts/agent-types';
