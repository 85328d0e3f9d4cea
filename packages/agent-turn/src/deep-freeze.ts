/** Freezes `value` and every object below it, without recursion (so any depth) and once per object; returns `value`. */
export function deepFreeze<TValue>(value: TValue): TValue {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || Object.isFrozen(next)) continue;
    Object.freeze(next);
    for (const key of Object.keys(next)) pending.push((next as Record<string, unknown>)[key]);
  }
  return value;
}
