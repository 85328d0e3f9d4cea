import type { ModelMessage } from '../model-message.js';
import { quoteText } from './quote-text.js';
import type { RuleIssue } from './rule.js';

/**
 * The trust and pairing rules of a message history, checked one message at a time (so that a
 * history growing at its end is checked for its new messages only):
 * - a `system` message is `TRUST_VIOLATION` (the system slot is filled only from checked fragments);
 * - every tool result follows the assistant message that made its call (by call id), in the run
 *   of tool results right after it: a result of no such call is an orphan (`PLAN_VIOLATION`);
 * - every call gets its result before the next user or assistant message, and before the end
 *   unless pending calls are allowed (a history waiting for the App's decision); call ids are unique.
 */
export class HistoryCheck {
  /** Calls made and not yet answered, to the index of the message that made them. */
  private readonly pending = new Map<string, number>();
  /** Every call id made so far. */
  private readonly seen = new Set<string>();
  /** Messages checked so far. */
  length = 0;

  /** Checks the next message: the first break of the rules it makes, or `undefined`. After a break the check is spent. */
  add(message: ModelMessage): RuleIssue | undefined {
    const index = this.length++;
    if (message.role === 'system') {
      return {
        path: [index],
        rule: 'trust',
        problem: 'is a system message: the system slot is filled only from checked fragments of system or app trust',
        code: 'TRUST_VIOLATION',
      };
    }
    if (message.role === 'tool') {
      if (this.pending.delete(message.callId)) return undefined;
      return {
        path: [index],
        rule: 'pairing',
        problem: `is the result of call ${quoteText(message.callId)}, which the assistant message before it did not make (an orphan result)`,
        actual: message.callId,
        code: 'PLAN_VIOLATION',
      };
    }
    if (this.pending.size > 0) return this.unanswered(`before history[${index}]`);
    if (message.role !== 'assistant' || message.toolCalls === undefined) return undefined;
    for (const call of message.toolCalls) {
      if (this.seen.has(call.callId)) {
        return { path: [index], rule: 'pairing', problem: `makes call ${quoteText(call.callId)} again (call ids are unique in a history)`, actual: call.callId, code: 'PLAN_VIOLATION' };
      }
      this.seen.add(call.callId);
      this.pending.set(call.callId, index);
    }
    return undefined;
  }

  /** The break of the rules at the end of the messages checked so far (a call without its result), or `undefined`. */
  end(allowPendingCalls = false): RuleIssue | undefined {
    return this.pending.size > 0 && !allowPendingCalls ? this.unanswered('before the end of the history') : undefined;
  }

  private unanswered(before: string): RuleIssue {
    const [callId, index] = this.pending.entries().next().value as [string, number];
    return {
      path: [index],
      rule: 'pairing',
      problem: `makes call ${quoteText(callId)}, which has no tool result ${before}`,
      actual: callId,
      code: 'PLAN_VIOLATION',
    };
  }
}

/** The first break of the trust and pairing rules of a message history (see {@link HistoryCheck}), or `undefined`. */
export function historyIssue(history: readonly ModelMessage[], allowPendingCalls = false): RuleIssue | undefined {
  const check = new HistoryCheck();
  for (const message of history) {
    const issue = check.add(message);
    if (issue !== undefined) return issue;
  }
  return check.end(allowPendingCalls);
}
