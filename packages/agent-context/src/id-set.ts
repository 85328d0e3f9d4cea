import { describeValue, detailValue } from '@jangts/agent-types/internal';
import { configError } from './config-error.js';

// The built-in methods, kept to be called with `.call`: a subclass's overrides never run.
// eslint-disable-next-line @typescript-eslint/unbound-method
const { has: setHas, add: setAdd } = Set.prototype;

/**
 * Checks the optional `ids` argument: `undefined`, or a real `Set` (a subclass is fine; a
 * proxy or a look-alike is not). The set is then used through the built-in `Set` methods, so
 * overridden `has`/`add` never run.
 *
 * @throws AgentCoreError `CONFIG_INVALID` for anything else, `null` included.
 */
export function checkIdSet(ids: unknown): Set<unknown> | undefined {
  if (ids === undefined) return undefined;
  if (typeof ids === 'object' && ids !== null) {
    try {
      setHas.call(ids, undefined);
      return ids as Set<unknown>;
    } catch {
      // Not a Set: reported below.
    }
  }
  const actual = describeValue(ids);
  const shown = detailValue(ids);
  throw configError(`argument "ids" must be a Set of fragment ids or undefined, got ${actual}`, { field: 'ids', rule: 'set', actual: shown });
}

/** True when `id` is already in the set. */
export function idSetHas(ids: Set<unknown>, id: string): boolean {
  return setHas.call(ids, id);
}

/** Adds `id` to the set. */
export function idSetAdd(ids: Set<unknown>, id: string): void {
  setAdd.call(ids, id);
}
