import { AgentCoreError } from '../agent-core-error.js';
import { describeValue } from './describe-value.js';
import { detailValue } from './detail-value.js';

/**
 * The index of the first hole of `list` — an index below its length that it does not hold
 * (`new Array(2)`, `[, 'a']`) — or -1. TypeBox's checks skip holes, so a list that passed one may
 * still hold them; read as `undefined`, a hole is an item of the wrong type.
 *
 * @throws AgentCoreError `INPUT_INVALID` (field `list`) when `list` is not an array. Like
 * {@link compileSchema}'s checks, throws what a proxy trap of `list` throws (a revoked proxy:
 * its `TypeError`): guard the call to name the argument.
 */
export function firstHole(list: readonly unknown[]): number {
  if (!Array.isArray(list)) {
    throw new AgentCoreError('INPUT_INVALID', `firstHole: list must be an array, got ${describeValue(list)}`, { details: { field: 'list', actual: detailValue(list) } });
  }
  for (let index = 0; index < list.length; index += 1) {
    if (!(index in list)) return index;
  }
  return -1;
}
