/**
 * The index of the first hole of `list` — an index below its length that it does not hold
 * (`new Array(2)`, `[, 'a']`) — or -1. TypeBox's checks skip holes, so a list that passed one may
 * still hold them; read as `undefined`, a hole is an item of the wrong type.
 */
export function firstHole(list: readonly unknown[]): number {
  for (let index = 0; index < list.length; index += 1) {
    if (!(index in list)) return index;
  }
  return -1;
}
