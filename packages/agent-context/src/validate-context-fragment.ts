import type { ContextFragment } from '@jangts/agent-types';
import { checkBudgetFlag } from './check-budget-flag.js';
import { checkFragment } from './check-fragment.js';
import { STANDALONE } from './fragment-location.js';
import { checkIdSet } from './id-set.js';

/**
 * Validates one fragment and returns the text it contributes to the model input: the string
 * value itself, or `JSON.stringify` of a record value.
 *
 * Checks, in this order (the first failure is thrown):
 * 1. `ids` is `undefined` or a `Set`, `checkBudget` a boolean (`CONFIG_INVALID`);
 * 2. the fragment is a plain object (`FRAGMENT_INVALID`);
 * 3. `user`/`tool` trust with role `system` is a `TRUST_VIOLATION`, whatever else is wrong;
 * 4. exactly the seven fields, none unknown, none missing, each readable (`FRAGMENT_INVALID`);
 * 5. `id`, `sourceId`, `trust`, `lifetime`, `maxChars`, `role` (`FRAGMENT_INVALID`);
 * 6. with `ids`, an id already in the set is `FRAGMENT_DUPLICATE`;
 * 7. `value`: a string, or a plain JSON record (not for role `system`), else
 *    `FRAGMENT_INVALID` with the JSON path (`value.items[3].when`);
 * 8. with `checkBudget`, a text longer than `maxChars` UTF-16 code units is `FRAGMENT_BUDGET`.
 *
 * With `ids`, the id is added to the set once every check has passed; a rejected fragment
 * leaves the set unchanged.
 *
 * @param fragment - the fragment; its fields are read exactly once each.
 * @param ids - ids already used in this assembly; the fragment's id is added to it.
 * @param checkBudget - whether to enforce `maxChars` (default `true`).
 * @returns the text the fragment contributes.
 * @throws AgentCoreError with code `CONFIG_INVALID`, `FRAGMENT_INVALID`, `TRUST_VIOLATION`,
 *   `FRAGMENT_DUPLICATE` or `FRAGMENT_BUDGET`; never any other exception.
 *
 * @example
 * ```ts
 * validateContextFragment({ id: 'facts', sourceId: 'crm', trust: 'app', lifetime: 'session',
 *   maxChars: 100, role: 'user', value: { plan: 'pro' } }); // '{"plan":"pro"}'
 * ```
 */
export function validateContextFragment(fragment: ContextFragment, ids?: Set<string>, checkBudget = true): string {
  const idSet = checkIdSet(ids);
  const budget = checkBudgetFlag(checkBudget);
  return checkFragment(fragment, idSet, budget, STANDALONE).text;
}
