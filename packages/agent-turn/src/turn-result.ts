import type { AgentCoreError, HistoryMessage, ModelUsage, ToolProposal } from '@jangts/agent-types';
import type { TurnState } from './turn-state.js';
import type { TurnStep } from './turn-step.js';

/** Why a turn stopped before it was done: a budget it would have crossed, the App's abort, or a model call that failed. */
export type TurnStopReason = 'maxSteps' | 'maxToolCalls' | 'maxInputChars' | 'maxDurationMs' | 'aborted' | 'model-failed';

/** The turn's budgets: what is used, and the limits. */
export interface TurnBudget {
  /** Model calls made. */
  readonly steps: number;
  readonly maxSteps: number;
  /** Tool executions started. */
  readonly toolCalls: number;
  readonly maxToolCalls: number;
  /** Characters of the conversation as it stands: what the next model call would send. */
  readonly inputChars: number;
  readonly maxInputChars: number;
  /** Milliseconds the turn worked (waiting for approval excluded). */
  readonly durationMs: number;
  readonly maxDurationMs?: number | undefined;
}

/** What every turn result holds. */
interface TurnResultBase {
  /**
   * The conversation after the turn's context: the history given, then every step's assistant
   * message and tool results. It keeps the trust and pairing rules (`HistorySchema`), except while
   * awaiting approval, when the last message's calls have no results yet.
   */
  readonly history: readonly HistoryMessage[];
  /** Every model call of the turn, resumes included. */
  readonly steps: readonly TurnStep[];
  /** Token usage summed over the steps, as the provider reported it. */
  readonly usage: ModelUsage;
  readonly budget: TurnBudget;
}

/** A turn that ended on a text reply, or on the final tool's proposal. */
export interface TurnDone extends TurnResultBase {
  readonly status: 'done';
  /** The last step's text. */
  readonly text: string;
  /** The last step's proposals, when it called the final tool (returned, never executed); otherwise empty. */
  readonly proposals: readonly ToolProposal[];
}

/** A turn waiting for the App's decisions: `resume(state, { decisions, context })` goes on. */
export interface TurnAwaitingApproval extends TurnResultBase {
  readonly status: 'awaiting-approval';
  /** The calls awaiting the App's decision, with the arguments that run if approved. */
  readonly proposals: readonly ToolProposal[];
  /** Plain JSON to keep server-side and resume once. */
  readonly state: TurnState;
}

/** A turn that stopped with its work intact: why, and for a failed model call the error. */
export interface TurnStopped extends TurnResultBase {
  readonly status: 'stopped';
  readonly stoppedBy: TurnStopReason;
  /** The model call's error, when `stoppedBy` is `model-failed`. */
  readonly error?: AgentCoreError | undefined;
}

/** What `Turn.run` and `Turn.resume` resolve to. */
export type TurnResult = TurnDone | TurnAwaitingApproval | TurnStopped;

/** The status of a {@link TurnResult}. */
export type TurnStatus = TurnResult['status'];
