import type { AssembledInput } from '@jangts/agent-types';
import { quoteText, type RuleIssue } from '@jangts/agent-types/internal';

/**
 * The trust rule for an assembled input the App hands the runner: the system slot is filled only
 * from checked fragments of `system` or `app` trust, so a `system` message naming a fragment its
 * input's own usage table lists with another trust (`user`, `tool`, …) is `TRUST_VIOLATION` naming
 * that fragment id; `undefined` otherwise. An input whose table does not list a message's fragments
 * (one built by hand for a test, say), or one edited after assembly in a way its table does not
 * show, cannot be told from one assembled so: the runner has no brand to check.
 */
export function systemSlotIssue(input: AssembledInput): RuleIssue | undefined {
  for (const [index, message] of input.messages.entries()) {
    if (message.role !== 'system') continue;
    for (const [position, id] of message.fragmentIds.entries()) {
      const usage = input.fragmentUsage.find((row) => row.id === id);
      if (usage === undefined) continue;
      if (usage.trust !== 'system' && usage.trust !== 'app') {
        return {
          path: ['messages', index, 'fragmentIds', position],
          rule: 'trust',
          problem: `names fragment ${quoteText(id)} of ${usage.trust} trust: the system slot is filled only from fragments of system or app trust`,
          expected: 'a fragment of system or app trust',
          actual: usage.trust,
          code: 'TRUST_VIOLATION',
        };
      }
    }
  }
  return undefined;
}
