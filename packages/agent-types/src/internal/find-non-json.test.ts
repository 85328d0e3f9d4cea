import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findNonJson, MAX_JSON_CHECK_DEPTH } from './find-non-json.js';

describe('findNonJson', () => {
  it('accepts every JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(findNonJson(value)).toBeUndefined();
      }),
    );
  });

  it('accepts null-prototype objects and an object reached twice without a cycle', () => {
    const shared = { a: 1 };
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { b: [shared] });
    expect(findNonJson({ left: shared, right: shared, bare })).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['undefined', undefined],
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
    ['a BigInt', 1n],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a Date', new Date(0)],
    ['a Map', new Map()],
    ['a class instance', new URL('https://example.com')],
    ['a boxed string', Object('text')],
  ])('reports %s itself as the empty pointer', (_name, value) => {
    expect(findNonJson(value)).toBe('');
  });

  it('names the first offending part depth-first, in key order, as a JSON pointer', () => {
    expect(findNonJson({ a: 'ok', b: [1, { c: undefined }], d: Number.NaN })).toBe('/b/1/c');
    expect(findNonJson([true, 'x', 3, [null, () => 1]])).toBe('/3/1');
  });

  it('escapes ~ and / in keys', () => {
    expect(findNonJson({ 'a/b': { '~c': 1n } })).toBe('/a~1b/~0c');
  });

  it('reports an array hole as undefined', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(findNonJson([1, , 3])).toBe('/1');
  });

  it('reports a cycle at the reference that closes it', () => {
    const node: Record<string, unknown> = { name: 'root', children: [] };
    (node.children as unknown[]).push({ parent: node });
    expect(findNonJson(node)).toBe('/children/0/parent');
    const list: unknown[] = [];
    list.push(list);
    expect(findNonJson(list)).toBe('/0');
  });

  it('reads only own enumerable string keys', () => {
    const value = { kept: 1, [Symbol('hidden')]: () => 1 };
    Object.defineProperty(value, 'hidden', { value: undefined, enumerable: false });
    expect(findNonJson(value)).toBeUndefined();
  });

  it('names a throwing getter instead of throwing', () => {
    const value = {
      get broken(): never {
        throw new Error('boom');
      },
    };
    expect(findNonJson(value)).toBe('/broken');
  });
});

describe('findNonJson with values it cannot read', () => {
  it('names a throwing getter, a throwing proxy and an array subclass; never throws', () => {
    const getter = Object.defineProperty({}, 'x', { enumerable: true, get: () => { throw new Error('g'); } });
    expect(findNonJson({ a: getter })).toBe('/a/x');
    expect(findNonJson({ a: new Proxy({}, { ownKeys: () => { throw new Error('trap'); } }) })).toBe('/a');
    class List extends Array<number> {}
    expect(findNonJson({ a: List.from([1]) })).toBe('/a');
  });

  it('stops at MAX_JSON_CHECK_DEPTH levels instead of overflowing the stack', () => {
    let node: Record<string, unknown> = {};
    const root = node;
    for (let depth = 0; depth < 200_000; depth++) {
      const next = {};
      node.a = next;
      node = next;
    }
    expect(findNonJson(root)).toBe('/a'.repeat(MAX_JSON_CHECK_DEPTH));
    let shallow: unknown = 1;
    for (let depth = 0; depth < MAX_JSON_CHECK_DEPTH; depth++) shallow = [shallow];
    expect(findNonJson(shallow)).toBeUndefined();
  });
});

describe('findNonJson and toJSON', () => {
  it('names an object that has toJSON or whose get trap throws, as JSON.stringify would not keep it as is', () => {
    expect(findNonJson({ a: { toJSON: () => 1 } })).toBe('/a');
    expect(findNonJson({ a: new Proxy({}, { get: () => { throw new RangeError('trap'); } }) })).toBe('/a');
  });
});

/**
 * The walk of every path, as `findNonJson` did before it remembered plain objects: the oracle of
 * the tests below (exponential on shared objects, so only for small values).
 */
function findOnEveryPath(value: unknown, path = '', ancestors = new Set<object>(), depth = 0): string | undefined {
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (typeof value !== 'object') return path;
  if (ancestors.has(value) || depth >= MAX_JSON_CHECK_DEPTH) return path;
  if ((value as { toJSON?: unknown }).toJSON !== undefined) return path;
  ancestors.add(value);
  let found: string | undefined;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) found = path;
    for (let index = 0; found === undefined && index < value.length; index += 1) {
      found = findOnEveryPath(value[index], `${path}/${index}`, ancestors, depth + 1);
    }
  } else {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) found = path;
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (found !== undefined) break;
      found = findOnEveryPath(record[key], `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, ancestors, depth + 1);
    }
  }
  ancestors.delete(value);
  return found;
}

/** Wraps `target` so that every property read counts, and reads past `budget` throw. */
function countReads<TTarget extends object>(target: TTarget, counter: { reads: number; budget: number }): TTarget {
  return new Proxy(target, {
    get(object, key, receiver) {
      counter.reads += 1;
      if (counter.reads > counter.budget) throw new Error('read budget exceeded');
      return Reflect.get(object, key, receiver) as unknown;
    },
  });
}

/** `v = { a: v, b: v }` `levels` times over: `levels + 1` objects, 2^levels paths. */
function sharedTower(levels: number, wrap: <TTarget extends object>(target: TTarget) => TTarget = (target) => target): unknown {
  let node: unknown = wrap({ leaf: 1 });
  for (let level = 0; level < levels; level += 1) node = wrap({ a: node, b: node });
  return node;
}

describe('findNonJson with shared objects', () => {
  it('reads each object of a 40-level tower of shared objects a bounded number of times, not once per path', () => {
    // 41 objects, 2^40 paths: walking every path would read past the budget (and never finish).
    const counter = { reads: 0, budget: 1_000 };
    const tower = sharedTower(40, (target) => countReads(target, counter));
    expect(findNonJson(tower)).toBeUndefined();
    expect(counter.reads).toBeLessThan(1_000);
    expect(findNonJson({ ok: sharedTower(40), bad: [sharedTower(40), { late: Number.NaN }] })).toBe('/bad/1/late');
  });

  it('reads an array shared by every item of another once, not once per item', () => {
    const size = 4_000;
    const counter = { reads: 0, budget: 3 * size };
    const shared = countReads(Array.from({ length: size }, (_, index) => index), counter);
    expect(findNonJson({ rows: Array.from({ length: size }, () => shared) })).toBeUndefined();
    expect(counter.reads).toBeLessThanOrEqual(3 * size);
  });

  it('still names a cycle through a shared object, at the reference that closes it', () => {
    const shared: Record<string, unknown> = { list: Array.from({ length: 40 }, (_, index) => index) };
    const loop: Record<string, unknown> = { shared };
    shared.back = loop;
    expect(findNonJson({ first: shared, second: loop })).toBe('/first/back/shared');
  });

  it('names the first part past MAX_JSON_CHECK_DEPTH when a shared object is reached again deeper', () => {
    // Shallow first (remembered as plain, nesting 3 levels below itself), then deep.
    const shared = { list: Array.from({ length: 40 }, (_, index) => index), inner: { deeper: [1, { x: 2 }] } };
    const wrapped = (levels: number): unknown => {
      let value: unknown = shared;
      for (let level = 0; level < levels; level += 1) value = [value];
      return value;
    };
    const fits = { first: shared, second: wrapped(MAX_JSON_CHECK_DEPTH - 5) };
    const crosses = { first: shared, second: wrapped(MAX_JSON_CHECK_DEPTH - 4) };
    expect(findNonJson(fits)).toBeUndefined();
    expect(findNonJson(crosses)).toBe(`/second${'/0'.repeat(MAX_JSON_CHECK_DEPTH - 4)}/inner/deeper/1`);
    expect(findNonJson(crosses)).toBe(findOnEveryPath(crosses));
  });

  it('gives the same answer as a walk of every path, on values that share, nest deeply, hold bad parts and cycles', () => {
    const badLeaf = fc.constantFrom<unknown>(undefined, Number.NaN, 1n, () => 1, new Date(0), Symbol('s'));
    const leaf = fc.oneof({ weight: 100, arbitrary: fc.jsonValue({ maxDepth: 1 }) }, { weight: 1, arbitrary: badLeaf });
    const edge = fc.oneof(
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('leaf' as const), value: leaf }) },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('node' as const),
          ahead: fc.integer({ min: 1, max: 3 }),
          wrap: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: MAX_JSON_CHECK_DEPTH }) }),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('back' as const), behind: fc.nat(3) }) },
    );
    const node = fc.record({
      isArray: fc.boolean(),
      leaves: fc.array(edge.filter((candidate) => candidate.kind === 'leaf'), { maxLength: 40 }),
      links: fc.array(edge.filter((candidate) => candidate.kind !== 'leaf'), { maxLength: 3 }),
      key: fc.constantFrom('k', 'a/b', '~', ''),
    });
    fc.assert(
      fc.property(fc.array(node, { minLength: 1, maxLength: 7 }), fc.boolean(), (nodes, linksFirst) => {
        const containers = nodes.map((spec): unknown[] | Record<string, unknown> => (spec.isArray ? [] : {}));
        nodes.forEach((spec, index) => {
          const children: unknown[] = [];
          for (const child of linksFirst ? [...spec.links, ...spec.leaves] : [...spec.leaves, ...spec.links]) {
            if (child.kind === 'leaf') children.push(child.value);
            else if (child.kind === 'back') children.push(containers[Math.max(0, index - child.behind)]);
            else {
              let value: unknown = containers[index + child.ahead] ?? null;
              for (let level = 0; level < child.wrap; level += 1) value = [value];
              children.push(value);
            }
          }
          const container = containers[index]!;
          children.forEach((child, position) => {
            if (Array.isArray(container)) container.push(child);
            else container[`${spec.key}${position}`] = child;
          });
        });
        expect(findNonJson(containers[0])).toBe(findOnEveryPath(containers[0]));
      }),
      { numRuns: 300 },
    );
  });
});
