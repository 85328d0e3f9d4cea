import { assembleConversation } from '@jangts/agent-context';
import type { HistoryMessage } from '@jangts/agent-types';
import type { RuleIssue } from '@jangts/agent-types/internal';
import { callDigest } from './call-digest.js';
import { canonicalJson } from './canonical-json.js';
import { decisionInvalidError, stateApprovalError, stateInvalidError, toolResultTooLongError } from './errors.js';
import type { RecentIds } from './recent-ids.js';
import type { TurnDefinition } from './turn-definition.js';
import { parseTurnResumeRequest, type TurnDecision } from './turn-resume-request.js';
import type { TurnResult } from './turn-result.js';
import { TurnRun } from './turn-run.js';
import { parseTurnState, type TurnState } from './turn-state.js';

/**
 * `Turn.resume`: reads the request and the state, checks that the state belongs to this turn and
 * that its calls are the ones recorded (their digests, the history's last message), that the
 * decisions name exactly the calls awaiting the App, and that the state was not resumed before
 * (by this turn object); then runs the waiting step's calls and goes on with the loop. Throws
 * (before any tool runs) only for a bad request or state.
 */
export async function resumeTurn(definition: TurnDefinition, resumed: RecentIds, value: unknown, request: unknown): Promise<TurnResult> {
  const { decisions, context } = parseTurnResumeRequest(request);
  const state = parseTurnState(value);
  const belongs = foreignStateIssue(definition, state);
  if (belongs !== undefined) throw stateInvalidError(belongs);
  const binding = bindingIssue(state);
  if (binding !== undefined) throw stateApprovalError(binding);
  const digests = await Promise.all(state.calls.map((call) => callDigest(call)));
  const forged = digests.findIndex((digest, index) => digest !== state.calls[index]?.digest);
  if (forged >= 0) {
    throw stateApprovalError({ path: ['calls', forged, 'digest'], rule: 'digest', problem: 'does not match the call it records: the call changed after it was proposed' });
  }
  const decided = readDecisions(state, decisions);
  // From here to the run's start nothing waits: two resumes of one state cannot both pass.
  if (resumed.has(state.id)) throw stateApprovalError({ path: ['id'], rule: 'replay', problem: 'names a state this turn already resumed (a state is resumed once)', actual: state.id });
  const history = state.history as readonly HistoryMessage[];
  const last = history[history.length - 1] as HistoryMessage;
  const { maxToolResultChars } = definition.options;
  const long = history.findIndex((message) => message.role === 'tool' && message.content.length > maxToolResultChars);
  if (long >= 0) throw toolResultTooLongError('turn.resume', 'state', ['history', long], (history[long] as HistoryMessage).content.length, maxToolResultChars);
  const conversation = assembleConversation({ fragments: state.fragments, history: history.slice(0, -1), maxInputChars: Number.MAX_SAFE_INTEGER });
  resumed.add(state.id);
  const run = new TurnRun(definition, context, {
    fragments: state.fragments,
    context: conversation.context,
    history: [...conversation.history, last],
    historyChars: conversation.inputChars - conversation.context.inputChars + JSON.stringify(last).length,
    steps: state.steps,
    used: state.used,
    usage: state.usage,
  });
  run.start(state.id);
  return run.resume(run.plannedCalls(state.calls), decided);
}

/** A state of another turn: another stage, a call of a tool this turn does not execute, arguments failing the tool's schema. */
function foreignStateIssue(definition: TurnDefinition, state: TurnState): RuleIssue | undefined {
  if (state.stageId !== definition.stageId) return { path: ['stageId'], rule: 'turn', problem: `is "${state.stageId}", not this turn's stage "${definition.stageId}"`, actual: state.stageId };
  for (const [index, call] of state.calls.entries()) {
    if (call.policy === 'invalid') continue;
    const tool = definition.tools.get(call.toolId);
    if (tool?.execute === undefined) return { path: ['calls', index, 'toolId'], rule: 'turn', problem: 'names no tool this turn executes', actual: call.toolId };
    if (!tool.validator.check(call.args)) return { path: ['calls', index, 'args'], rule: 'schema', problem: `do not match the parameters of tool "${call.toolId}"` };
  }
  const stepCalls = state.steps[state.steps.length - 1]?.calls.map((call) => call.callId) ?? [];
  if (stepCalls.join('\u0000') !== state.calls.map((call) => call.callId).join('\u0000')) {
    return { path: ['steps', state.steps.length - 1, 'calls'], rule: 'binding', problem: 'are not the calls of the state' };
  }
  return undefined;
}

/** The history's last message must be the assistant message that made exactly the state's calls, as recorded. */
function bindingIssue(state: TurnState): RuleIssue | undefined {
  const index = state.history.length - 1;
  const last = state.history[index];
  const made = last?.role === 'assistant' ? (last.toolCalls ?? []) : [];
  const same =
    made.length === state.calls.length &&
    made.every((call, position) => {
      const recorded = state.calls[position];
      return recorded !== undefined && call.callId === recorded.callId && call.toolId === recorded.toolId && canonicalJson(call.args) === canonicalJson(recorded.args);
    });
  return same ? undefined : { path: ['history', index], rule: 'binding', problem: 'is not the assistant message that made the calls of the state, as recorded' };
}

/** The App's decisions by call id: one for each call awaiting approval, and nothing else. */
function readDecisions(state: TurnState, decisions: readonly TurnDecision[]): ReadonlyMap<string, boolean> {
  const policies = new Map(state.calls.map((call) => [call.callId, call.policy] as const));
  const decided = new Map<string, boolean>();
  for (const [index, { callId, approve }] of decisions.entries()) {
    const policy = policies.get(callId);
    const at = ['decisions', index, 'callId'];
    if (policy === undefined) throw decisionInvalidError({ path: at, rule: 'unknown', problem: `names no call of this state (${JSON.stringify(callId.slice(0, 80))})`, actual: callId.slice(0, 200) });
    if (decided.has(callId)) throw decisionInvalidError({ path: at, rule: 'duplicate', problem: `decides call ${JSON.stringify(callId)} a second time`, actual: callId });
    if (policy !== 'required') throw decisionInvalidError({ path: at, rule: 'not-pending', problem: `names call ${JSON.stringify(callId)}, which does not await the App (its policy: ${policy})`, actual: callId });
    decided.set(callId, approve);
  }
  const undecided = state.calls.find((call) => call.policy === 'required' && !decided.has(call.callId));
  if (undecided !== undefined) throw decisionInvalidError({ path: ['decisions'], rule: 'missing', problem: `decide no call ${JSON.stringify(undecided.callId)}, which awaits the App (decide every call awaiting approval)`, actual: undecided.callId });
  return decided;
}
