import type { ModelMessage } from '../model-message.js';
import { quoteText } from './quote-text.js';
import type { RuleIssue } from './rule.js';

/**
 * The first break of the trust and pairing rules of a message history, or `undefined`:
 * - a `system` message is `TRUST_VIOLATION` (the system slot is filled only from checked fragments);
 * - every tool result follows the assistant message that made its call (by call id), in the run
 *   of tool results right after it: a result of no such call is an orphan (`PLAN_VIOLATION`);
 * - every call gets its result before the next user or assistant message, and before the end
 *   unless `allowPendingCalls` (a history waiting for the App's decision); call ids are unique.
 */
export function historyIssue(history: readonly ModelMessage[], allowPendingCalls = false): RuleIssue | undefined {
  const pending = new Map<string, number>();
  const seen = new Set<string>();
  const unanswered = (before: string): RuleIssue | undefined => {
    const [callId, index] = pending.entries().next().value as [string, number];
    return {
      path: [index],
      rule: 'pairing',
      problem: `makes call ${quoteText(callId)}, which has no tool result ${before}`,
      actual: callId,
      code: 'PLAN_VIOLATION',
    };
  };
  for (let index = 0; index < history.length; index++) {
    const message = history[index] as ModelMessage;
    if (message.role === 'system') {
      return {
        path: [index],
        rule: 'trust',
        problem: 'is a system message: the system slot is filled only from checked fragments of system or app trust',
        code: 'TRUST_VIOLATION',
      };
    }
    if (message.role === 'tool') {
      if (!pending.delete(message.callId)) {
        return {
          path: [index],
          rule: 'pairing',
          problem: `is the result of call ${quoteText(message.callId)}, which the assistant message before it did not make (an orphan result)`,
          actual: message.callId,
          code: 'PLAN_VIOLATION',
        };
      }
      continue;
    }
    if (pending.size > 0) return unanswered(`before history[${index}]`);
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls ?? []) {
      if (seen.has(call.callId)) {
        return { path: [index], rule: 'pairing', problem: `makes call ${quoteText(call.callId)} again (call ids are unique in a history)`, actual: call.callId, code: 'PLAN_VIOLATION' };
      }
      seen.add(call.callId);
      pending.set(call.callId, index);
    }
  }
  return pending.size > 0 && !allowPendingCalls ? unanswered('before the end of the history') : undefined;
}
