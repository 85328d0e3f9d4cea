/**
 * A token count as the runner's usage holds it: a non-negative safe integer, else `undefined`.
 * A server or SDK reporting `2.5`, `-1`, `NaN` or `1e300` has its count dropped (as `null` or a
 * string already is) rather than failing a reply that is otherwise complete.
 */
export function tokenCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
