import type { TObject } from 'typebox';
import { RecentIds } from './recent-ids.js';
import { resumeTurn } from './resume-turn.js';
import { runTurn } from './run-turn.js';
import { defineTurnTools } from './turn-definition.js';
import { parseTurnOptions, type TurnOptions } from './turn-options.js';
import type { TurnResult } from './turn-result.js';
import type { TurnResumeRequest } from './turn-resume-request.js';
import type { TurnRunRequest } from './turn-run-request.js';
import type { TurnState } from './turn-state.js';

/** How many resumed state ids a turn remembers, to refuse a second resume of one state. */
const REMEMBERED_STATES = 10_000;

/** A defined turn: run it, and resume it once the App has decided on the calls awaiting approval. */
export interface Turn<TApp = unknown> {
  /**
   * Runs the loop from the request's fragments and history. Resolves to a result (`done`,
   * `awaiting-approval`, `stopped`) whatever happens after the start; rejects, before any model
   * call, only with `AgentCoreError` for a bad request (`INPUT_INVALID`, and what
   * `assembleConversation` raises: `FRAGMENT_*`, `TRUST_VIOLATION`, `PLAN_VIOLATION`, `INPUT_BUDGET`
   * for an earlier tool result over `maxToolResultChars`).
   */
  run(request: TurnRunRequest<TApp>): Promise<TurnResult>;
  /**
   * Goes on from a state awaiting approval with the App's decisions: approved calls run with
   * exactly the recorded arguments, denied ones become `denied by the App` results. Rejects, before
   * any tool runs, with `INPUT_INVALID` (a malformed state, or one of another turn) or
   * `APPROVAL_INVALID` (decisions that do not match the calls awaiting approval, digests that do not
   * match the calls, a state this turn resumed already).
   */
  resume(state: TurnState, request: TurnResumeRequest<TApp>): Promise<TurnResult>;
}

/**
 * Defines a turn: the App's agent loop — propose, decide, execute, feed back — under hard
 * budgets, every step recorded. The library executes nothing itself: each tool's `execute` is the
 * App's, and nothing runs without a decision (the tool's policy, or the App's on `resume`); nothing
 * the model writes is read as a decision. Budgets are checked before each model and tool call: the
 * call that would cross one never starts, and the turn ends `stopped` with its history intact.
 *
 * @throws AgentCoreError `CONFIG_INVALID` naming the option (an unknown key, a budget out of range,
 * duplicate tool ids, a tool without `execute` or `approval`, a final tool with them, parameters
 * that do not compile).
 */
export function defineTurn<TApp = unknown, const TParameters extends readonly TObject[] = readonly TObject[]>(options: TurnOptions<TApp, TParameters>): Turn<TApp> {
  const definition = defineTurnTools(parseTurnOptions(options));
  const resumed = new RecentIds(REMEMBERED_STATES);
  return {
    run: async (request) => runTurn(definition, request),
    resume: async (state, request) => resumeTurn(definition, resumed, state, request),
  };
}
