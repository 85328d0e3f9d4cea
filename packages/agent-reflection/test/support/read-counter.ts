/**
 * Counts property reads through proxies: `counted(target)` wraps `target`, and `reads` is how many
 * reads went through every proxy made so far. Past `budget` reads a read throws, so a walk that
 * would read without end fails on its result instead of hanging.
 */
export function readCounter(budget = Number.POSITIVE_INFINITY): { readonly reads: number; readonly counted: <TTarget extends object>(target: TTarget) => TTarget } {
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    counted: <TTarget extends object>(target: TTarget): TTarget =>
      new Proxy(target, {
        get(object, key, receiver) {
          reads += 1;
          if (reads > budget) throw new Error('read budget exceeded');
          return Reflect.get(object, key, receiver) as unknown;
        },
      }),
  };
}

/** `{ leaf: 1 }` under `levels` objects `{ a: below, b: below }`: levels + 1 objects, 2^levels paths; each object made by `wrap`. */
export function sharedTower(levels: number, wrap: <TTarget extends object>(target: TTarget) => TTarget): Record<string, unknown> {
  let tower: Record<string, unknown> = wrap({ leaf: 1 });
  for (let level = 0; level < levels; level += 1) tower = wrap({ a: tower, b: tower });
  return tower;
}
