import { AgentCoreError, type AgentCoreErrorCode, type JsonValue } from '@jangts/agent-types';
import { truncateText } from '@jangts/agent-types/internal';
import { fragmentLabel, type FragmentLocation } from './fragment-location.js';

/** What went wrong with one fragment, for the error's `details`. */
export interface FragmentProblem {
  /** The fragment field concerned (`id`, `value`, an unknown field's name, or `fragment` for the whole). */
  readonly field: string;
  /** JSON path inside the fragment (`value.items[3].when`); defaults to `field`. */
  readonly path?: string;
  /** The rule broken, a stable kebab-case name (`pattern`, `max-chars`, `cycle`, …). */
  readonly rule: string;
  /** The limit that applies (a bound, a pattern, the allowed values). */
  readonly limit?: JsonValue;
  /** What was found (a count, or a description of the value). */
  readonly actual?: JsonValue;
}

const MAX_ID_CHARS = 120;

/**
 * Builds the `AgentCoreError` for a fragment: the message starts with the fragment's label and
 * `details` carries `fragmentId` (when the id is a string), `list`/`index`, `field`, `path`,
 * `rule`, and `limit`/`actual` when known.
 */
export function fragmentError(
  code: AgentCoreErrorCode,
  location: FragmentLocation,
  id: unknown,
  problem: string,
  facts: FragmentProblem,
  cause?: unknown,
): AgentCoreError {
  const details: Record<string, JsonValue> = {};
  if (typeof id === 'string') details.fragmentId = truncateText(id, MAX_ID_CHARS);
  if (location.list !== undefined) details.list = location.list;
  if (location.index !== undefined) details.index = location.index;
  details.field = facts.field;
  details.path = facts.path ?? facts.field;
  details.rule = facts.rule;
  if (facts.limit !== undefined) details.limit = facts.limit;
  if (facts.actual !== undefined) details.actual = facts.actual;
  return new AgentCoreError(code, `${fragmentLabel(location, id)}: ${problem}`, {
    details,
    ...(cause === undefined ? {} : { cause }),
  });
}
