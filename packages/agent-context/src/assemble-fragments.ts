import type { AssembledInput, ContextFragment } from '@jangts/agent-types';
import { checkFragment, type CheckedFragment } from './check-fragment.js';
import { assembleWithinBudget } from './assemble-within-budget.js';
import { checkMaxInputChars } from './check-max-input-chars.js';
import { readFragmentList } from './read-fragment-list.js';

/**
 * Validates fragments and assembles them into model input: at most two messages, the
 * `system` message first (its fragments in order), then the `user` message; texts inside a
 * message are joined with one blank line (`"\n\n"`); a role without fragments has no message.
 *
 * Every fragment is validated as by `validateContextFragment` with one shared id set and
 * budgets checked. `fragmentUsage` has one row per fragment in input order; `inputChars` is
 * the total length (UTF-16 code units) of all message contents.
 *
 * @param fragments - the fragments, in order; an empty array assembles to no messages.
 * @param maxInputChars - upper bound of `inputChars`; a positive safe integer.
 * @throws AgentCoreError `CONFIG_INVALID` (bad `maxInputChars`, checked first),
 *   `FRAGMENT_INVALID` (not an array, or a bad fragment, named by index and id),
 *   `TRUST_VIOLATION`, `FRAGMENT_DUPLICATE`, `FRAGMENT_BUDGET`, and `INPUT_BUDGET` naming the
 *   total, the limit and the largest fragments.
 *
 * @example
 * ```ts
 * const input = assembleFragments(
 *   [{ id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', maxChars: 1000, role: 'user', value: 'Hi' }],
 *   2000,
 * );
 * input.messages; // [{ role: 'user', content: 'Hi', fragmentIds: ['question'] }]
 * ```
 */
export function assembleFragments(fragments: readonly ContextFragment[], maxInputChars: number): AssembledInput {
  const limit = checkMaxInputChars(maxInputChars);
  const items = readFragmentList(fragments, 'fragments');
  const ids = new Set<unknown>();
  const checked: CheckedFragment[] = [];
  for (let index = 0; index < items.length; index += 1) {
    checked.push(checkFragment(items[index], ids, true, { list: 'fragments', index }));
  }
  return assembleWithinBudget(checked, limit);
}
