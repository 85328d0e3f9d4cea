import { describeValue, detailValue } from '@jangts/agent-types/internal';
import { configError } from './config-error.js';

/**
 * Checks the `checkBudget` argument: a boolean (omitted or `undefined` means `true`).
 *
 * @throws AgentCoreError `CONFIG_INVALID` for anything else, so that `'false'` is not read as true.
 */
export function checkBudgetFlag(checkBudget: unknown): boolean {
  if (checkBudget === undefined) return true;
  if (typeof checkBudget === 'boolean') return checkBudget;
  const actual = describeValue(checkBudget);
  const shown = detailValue(checkBudget);
  throw configError(`argument "checkBudget" must be a boolean, got ${actual}`, { field: 'checkBudget', rule: 'boolean', actual: shown });
}
