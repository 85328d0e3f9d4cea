import type { AssembledContextPlan, ContextPlanRequest } from '@jangts/agent-types';
import { auditContextPlan } from './audit-context-plan.js';
import { checkFragment, type CheckedFragment } from './check-fragment.js';
import { assembleWithinBudget } from './assemble-within-budget.js';
import { checkMaxInputChars } from './check-max-input-chars.js';
import { measureCheckedFragments } from './measure-checked-fragments.js';
import { readFragmentList, type FragmentListName } from './read-fragment-list.js';
import { readMutableFragmentIds } from './read-mutable-fragment-ids.js';
import { readPlanRequest } from './read-plan-request.js';

/**
 * The final audit of a candidate context produced by the App's own compression (the core
 * ships none), then its assembly.
 *
 * In this order: the request is a plain object with only the four fields (`CONFIG_INVALID`);
 * `maxInputChars` is a positive safe integer (`CONFIG_INVALID`); the originals are validated
 * structurally (ids unique, their own budgets not checked); `mutableFragmentIds` name
 * existing originals, without duplicates (`CONFIG_INVALID`); the candidates are validated
 * fully (budgets checked). Then the plan rules (`PLAN_VIOLATION`, naming fragment and rule):
 * no candidate is invented, candidates keep the originals' relative order, a fragment not
 * listed as mutable is present and identical to its original (every field, deep), a mutable
 * fragment may be dropped or change its `value` only and its text never grows. Last, the
 * assembled candidates must fit `maxInputChars` (`INPUT_BUDGET`).
 *
 * @returns the assembled input of the candidates (as `assembleFragments`) plus `audit`:
 *   `unchanged` and `changed` ids in candidate order, `dropped` ids in original order,
 *   `originalChars` (what the originals would have assembled to) and `inputChars`.
 * @throws AgentCoreError `CONFIG_INVALID`, `FRAGMENT_INVALID`, `FRAGMENT_DUPLICATE`,
 *   `TRUST_VIOLATION`, `FRAGMENT_BUDGET`, `PLAN_VIOLATION` or `INPUT_BUDGET`; never any other
 *   exception.
 */
export function assembleContextPlan(request: ContextPlanRequest): AssembledContextPlan {
  const fields = readPlanRequest(request);
  const limit = checkMaxInputChars(fields.maxInputChars);
  const originals = checkList(fields.originalFragments, 'originalFragments', false);
  const originalIndex = new Map<string, number>();
  originals.forEach(({ id }, index) => originalIndex.set(id, index));
  const mutable = readMutableFragmentIds(fields.mutableFragmentIds, originalIndex);
  const candidates = checkList(fields.fragments, 'fragments', true);
  const changes = auditContextPlan(candidates, originals, originalIndex, mutable);
  const input = assembleWithinBudget(candidates, limit);
  return {
    ...input,
    audit: { ...changes, originalChars: measureCheckedFragments(originals), inputChars: input.inputChars },
  };
}

function checkList(list: unknown, name: FragmentListName, checkBudget: boolean): CheckedFragment[] {
  const ids = new Set<unknown>();
  return readFragmentList(list, name).map((item, index) => checkFragment(item, ids, checkBudget, { list: name, index }));
}
