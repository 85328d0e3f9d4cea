import { MAX_INPUT_DEPTH } from '@jangts/agent-types/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentCoreError } from '@jangts/agent-types';
import { outcome, question, refusal } from '../test/fragment-arbitraries.js';
import { validateContextFragment } from './validate-context-fragment.js';

type Segment = string | number;

/** The field name of a part of the value (`fragment.value.items[3].when`, an empty key `[""]`), worked out here independently of the door. */
const fieldOf = (segments: readonly Segment[]): string =>
  segments.reduce<string>((field, segment) => (typeof segment === 'number' ? `${field}[${segment}]` : segment === '' ? `${field}[""]` : `${field}.${segment}`), 'fragment.value');

/** The JSON pointer of a part of the value (RFC 6901), worked out here independently of the door. */
const pointerOf = (segments: readonly Segment[]): string =>
  segments.reduce<string>((pointer, segment) => `${pointer}/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`, '/fragment/value');

/** A copy of `value` with every shared object written out again on each path (a tree). */
function unshare(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(unshare);
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unshare(item)]));
}

/** The door's error for `value`, or a failure of the test if it accepted it or threw anything else. */
const errorOf = (value: unknown): AgentCoreError => {
  const result = outcome(() => validateContextFragment(question({ value, maxChars: 100_000 })));
  if (result.ok) throw new Error('the value was accepted');
  return result.error;
};

class Point {
  x = 1;
}

/** Values JSON cannot carry losslessly, each with the rule it breaks. */
const FAULTS: readonly { readonly name: string; readonly make: () => unknown; readonly rule: string }[] = [
  { name: 'function', make: () => () => 0, rule: 'json' },
  { name: 'undefined', make: () => undefined, rule: 'json' },
  { name: 'symbol', make: () => Symbol('s'), rule: 'json' },
  { name: 'BigInt', make: () => 10n, rule: 'json' },
  { name: 'NaN', make: () => Number.NaN, rule: 'json' },
  { name: 'Infinity', make: () => Number.POSITIVE_INFINITY, rule: 'json' },
  { name: 'Date', make: () => new Date(0), rule: 'plain' },
  { name: 'Map', make: () => new Map([[1, 2]]), rule: 'plain' },
  { name: 'Set', make: () => new Set([1]), rule: 'plain' },
  { name: 'class instance', make: () => new Point(), rule: 'plain' },
  { name: 'typed array', make: () => new Uint8Array(2), rule: 'plain' },
  { name: 'boxed string', make: () => new String('s'), rule: 'plain' },
  { name: 'inheriting object', make: (): unknown => Object.create({ inherited: 1 }), rule: 'plain' },
  { name: 'regular expression', make: () => /x/, rule: 'plain' },
];

const keyArbitrary = fc.string({ unit: 'binary', maxLength: 8 });
const segmentsArbitrary = fc
  .tuple(keyArbitrary, fc.array(fc.oneof(keyArbitrary, fc.nat({ max: 3 })), { maxLength: 5 }))
  .map(([first, rest]): Segment[] => [first, ...rest]);
const fillerArbitrary = fc.array(fc.tuple(keyArbitrary, fc.jsonValue({ maxDepth: 2 })), { maxLength: 3 });

/**
 * A record of plain JSON with one container per segment, valid fillers around the path, and
 * `place` deciding what sits at the end of it. Returns the record and its containers, root first.
 */
function buildRecord(
  segments: readonly Segment[],
  fillers: readonly (readonly [string, unknown])[],
  place: (parent: Record<Segment, unknown>, key: Segment, containers: readonly object[]) => void,
): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const containers: object[] = [root];
  let parent: Record<Segment, unknown> = root;
  segments.forEach((segment, level) => {
    if (typeof segment === 'number') {
      for (let index = 0; index < segment; index += 1) parent[index] = fillers[index % Math.max(fillers.length, 1)]?.[1] ?? null;
    } else {
      for (const [key, filler] of fillers) if (key !== segment) parent[key] = filler;
    }
    if (level === segments.length - 1) {
      place(parent, segment, containers);
      return;
    }
    const next = segments[level + 1];
    const child = (typeof next === 'number' ? [] : {}) as Record<Segment, unknown>;
    Object.defineProperty(parent, segment, { value: child, enumerable: true, writable: true, configurable: true });
    containers.push(child);
    parent = child;
  });
  return root;
}

describe('renderFragmentValue', () => {
  it('names the path and rule of a non-JSON value anywhere in a record', () => {
    fc.assert(
      fc.property(segmentsArbitrary, fillerArbitrary, fc.constantFrom(...FAULTS), (segments, fillers, fault) => {
        const value = buildRecord(segments, fillers, (parent, key) => {
          Object.defineProperty(parent, key, { value: fault.make(), enumerable: true, writable: true, configurable: true });
        });
        const error = errorOf(value);
        expect(error.code).toBe('FRAGMENT_INVALID');
        expect(error.details).toMatchObject({ field: fieldOf(segments), path: pointerOf(segments), rule: fault.rule });
        expect(error.message.startsWith(`validateContextFragment: ${fieldOf(segments)} `)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('names the path of a cycle and the ancestor it points back to', () => {
    fc.assert(
      fc.property(segmentsArbitrary, fillerArbitrary, fc.nat(), (segments, fillers, pick) => {
        const target = pick % segments.length;
        const value = buildRecord(segments, fillers, (parent, key, containers) => {
          Object.defineProperty(parent, key, { value: containers[target], enumerable: true, writable: true, configurable: true });
        });
        const error = errorOf(value);
        expect(error.details).toMatchObject({ field: fieldOf(segments), path: pointerOf(segments), rule: 'cycle' });
        expect(error.message.endsWith(`contains itself (a cycle): it refers back to ${fieldOf(segments.slice(0, target))}`)).toBe(true);
      }),
    );
  });

  it('names the path of a getter that throws, keeping what it threw', () => {
    fc.assert(
      fc.property(segmentsArbitrary, fillerArbitrary, (segments, fillers) => {
        const boom = new Error('boom');
        const value = buildRecord(segments, fillers, (parent, key) => {
          Object.defineProperty(parent, key, {
            get: () => {
              throw boom;
            },
            enumerable: true,
            configurable: true,
          });
        });
        const error = errorOf(value);
        expect(error.details).toMatchObject({ path: pointerOf(segments), rule: 'readable' });
        expect(error.cause).toBe(boom);
      }),
    );
  });

  it('cuts a long key in the field name and the message', () => {
    for (const key of ['k'.repeat(100_000), 'k-'.repeat(50_000)]) {
      expect(() => validateContextFragment(question({ value: { [key]: () => 1 }, maxChars: 1_000_000 }))).toThrow(
        refusal('FRAGMENT_INVALID', {
          message: expect.stringMatching(/^.{1,300}$/s) as unknown,
          details: expect.objectContaining({ field: `fragment.value.${key.slice(0, 60)}…`, path: `${`/fragment/value/${key}`.slice(0, 512)}…` }) as unknown,
        }),
      );
    }
  });

  it('accepts the same record once the fault is replaced by plain JSON', () => {
    fc.assert(
      fc.property(segmentsArbitrary, fillerArbitrary, fc.jsonValue({ maxDepth: 2 }), (segments, fillers, leaf) => {
        const value = buildRecord(segments, fillers, (parent, key) => {
          Object.defineProperty(parent, key, { value: leaf, enumerable: true, writable: true, configurable: true });
        });
        expect(validateContextFragment(question({ value, maxChars: 100_000 }))).toBe(JSON.stringify(value));
      }),
    );
  });
  it('gives every record with shared objects the outcome of the same record written out without sharing', () => {
    const badLeaf = fc.constantFrom<unknown>(undefined, Number.NaN, () => 1, new Date(0));
    const leaf = fc.oneof({ weight: 100, arbitrary: fc.jsonValue({ maxDepth: 1, stringUnit: 'binary' }) }, { weight: 1, arbitrary: badLeaf });
    const link = fc.record({
      ahead: fc.integer({ min: 1, max: 3 }),
      // Some links wrapped close to the depth limit, so that a shared object is reached again too deep.
      wrap: fc.oneof(
        { weight: 3, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 250 }) },
        { weight: 1, arbitrary: fc.integer({ min: MAX_INPUT_DEPTH - 12, max: MAX_INPUT_DEPTH }) },
      ),
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
