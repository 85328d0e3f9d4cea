import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectAgentCoreError, outcome, question } from '../test/fragment-arbitraries.js';
import { assembleContextPlan } from './assemble-context-plan.js';
import { validateContextFragment } from './validate-context-fragment.js';

/** Counts property reads of the objects it wraps; reads past `budget` throw (a getter that throws). */
class ReadCounter {
  reads = 0;
  constructor(private readonly budget: number) {}

  wrap = <TTarget extends object>(target: TTarget): TTarget =>
    new Proxy(target, {
      get: (object, key, receiver) => {
        this.reads += 1;
        if (this.reads > this.budget) throw new Error('read budget exceeded');
        return Reflect.get(object, key, receiver) as unknown;
      },
    });
}

/** `v = { a: v, b: v }` `levels` times over: `levels + 1` objects, 2^levels paths. */
function sharedTower(levels: number, wrap: <TTarget extends object>(target: TTarget) => TTarget = (target) => target): Record<string, unknown> {
  let node: Record<string, unknown> = wrap({ leaf: 1 });
  for (let level = 0; level < levels; level += 1) node = wrap({ a: node, b: node });
  return node;
}

/** The JSON text length of `sharedTower(levels)`: `{"leaf":1}` is 10, each level doubles it and adds `{"a":,"b":}`. */
const towerTextLength = (levels: number): number => 21 * 2 ** levels - 11;

/** A copy of `value` with every shared object written out again on each path (a tree). */
function unshare(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(unshare);
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unshare(item)]));
}

describe('validateContextFragment with shared objects', () => {
  it('measures the text of a record with 2^24 paths through 25 objects without building it, and refuses it with FRAGMENT_BUDGET', () => {
    const counter = new ReadCounter(2_000);
    const value = sharedTower(24, counter.wrap);
    const error = expectAgentCoreError(() => validateContextFragment(question({ value, maxChars: 1000 })), 'FRAGMENT_BUDGET');
    expect(error.details).toEqual({ fragmentId: 'question', field: 'value', path: 'value', rule: 'max-chars', limit: 1000, actual: towerTextLength(24) });
    expect(error.message).toBe(`fragment "question": its JSON text is ${towerTextLength(24)} chars (UTF-16 code units), over maxChars 1000`);
    expect(counter.reads).toBeLessThan(2_000);
  });

  it('refuses a record whose text no engine string can hold with FRAGMENT_INVALID (engine-string-length), budget or not', () => {
    const counter = new ReadCounter(2_000);
    const value = sharedTower(40, counter.wrap);
    for (const checkBudget of [true, false]) {
      const error = expectAgentCoreError(() => validateContextFragment(question({ value, maxChars: Number.MAX_SAFE_INTEGER }), undefined, checkBudget), 'FRAGMENT_INVALID');
      expect(error.details).toEqual({ fragmentId: 'question', field: 'value', rule: 'engine-string-length', path: 'value' });
      expect(error.cause).toBeInstanceOf(RangeError);
    }
    expect(counter.reads).toBeLessThan(2_000);
    const plan = () => assembleContextPlan({ fragments: [], originalFragments: [question({ value: sharedTower(40) })], mutableFragmentIds: ['question'], maxInputChars: 10 });
    expect(expectAgentCoreError(plan, 'FRAGMENT_INVALID').details).toMatchObject({ list: 'originalFragments', index: 0, rule: 'engine-string-length' });
  });

  it('reads an array shared by every item of another once, and measures the text before building it', () => {
    const size = 4_000;
    const counter = new ReadCounter(3 * size);
    const shared = counter.wrap(Array.from({ length: size }, () => 0));
    const value = { rows: Array.from({ length: size }, () => shared) };
    const error = expectAgentCoreError(() => validateContextFragment(question({ value, maxChars: 10 })), 'FRAGMENT_BUDGET');
    // {"rows":[…]} around `size` copies of [0,…,0] (2 * size + 1 characters each), comma-separated
    expect(error.details).toMatchObject({ limit: 10, actual: 2 * size ** 2 + 2 * size + 10 });
    expect(counter.reads).toBeLessThanOrEqual(3 * size);
  });

  it('returns the text of a shared record that fits, with every shared object written out', () => {
    const value = sharedTower(10);
    const text = validateContextFragment(question({ value, maxChars: towerTextLength(10) }));
    expect(text).toBe(JSON.stringify(value));
    expect(text).toHaveLength(towerTextLength(10));
    expect(expectAgentCoreError(() => validateContextFragment(question({ value, maxChars: towerTextLength(10) - 1 })), 'FRAGMENT_BUDGET').details).toMatchObject({
      actual: towerTextLength(10),
    });
  });

  it('names the first part past the depth limit when a shared object is reached again deeper', () => {
    // Shallow first (read once, nesting three levels below itself), then 252 arrays deeper.
    const shared = { list: Array.from({ length: 40 }, (_, index) => index), inner: { deeper: [1, { x: 2 }] } };
    const wrapped = (levels: number): unknown => {
      let value: unknown = shared;
      for (let level = 0; level < levels; level += 1) value = [value];
      return value;
    };
    expect(() => validateContextFragment(question({ value: { first: shared, second: wrapped(251) }, maxChars: 10_000 }))).not.toThrow();
    const error = expectAgentCoreError(() => validateContextFragment(question({ value: { first: shared, second: wrapped(252) }, maxChars: 10_000 })), 'FRAGMENT_INVALID');
    const path = `value.second${'[0]'.repeat(252)}.inner.deeper[1]`;
    expect(error.details).toEqual({ fragmentId: 'question', field: 'value', path, rule: 'max-depth', limit: 256 });
  });

  it('gives every record the outcome of the same record without shared objects', () => {
    const badLeaf = fc.constantFrom<unknown>(undefined, Number.NaN, () => 1, new Date(0));
    const leaf = fc.oneof({ weight: 100, arbitrary: fc.jsonValue({ maxDepth: 1, stringUnit: 'binary' }) }, { weight: 1, arbitrary: badLeaf });
    const link = fc.record({
      ahead: fc.integer({ min: 1, max: 3 }),
      wrap: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 250 }) }),
    });
    const node = fc.record({ isArray: fc.boolean(), leaves: fc.array(leaf, { maxLength: 40 }), links: fc.array(link, { maxLength: 3 }), linksFirst: fc.boolean() });
    fc.assert(
      fc.property(fc.array(node, { minLength: 1, maxLength: 7 }), fc.integer({ min: 1, max: 20_000 }), (nodes, maxChars) => {
        const containers = nodes.map((spec, index): unknown[] | Record<string, unknown> => (spec.isArray && index > 0 ? [] : {}));
        nodes.forEach((spec, index) => {
          const links = spec.links.map(({ ahead, wrap }) => {
            let value: unknown = containers[index + ahead] ?? null;
            for (let level = 0; level < wrap; level += 1) value = [value];
            return value;
          });
          const children = spec.linksFirst ? [...links, ...spec.leaves] : [...spec.leaves, ...links];
          const container = containers[index]!;
          children.forEach((child, position) => {
            if (Array.isArray(container)) container.push(child);
            else container[`k${position}`] = child;
          });
        });
        const shared = outcome(() => validateContextFragment(question({ value: containers[0], maxChars })));
        const tree = outcome(() => validateContextFragment(question({ value: unshare(containers[0]), maxChars })));
        if (tree.ok) expect(shared).toEqual(tree);
        else {
          expect(shared.ok).toBe(false);
          if (!shared.ok) {
            expect(shared.error.message).toBe(tree.error.message);
            expect(shared.error.details).toEqual(tree.error.details);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
