import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectAgentCoreError, question } from '../test/fragment-arbitraries.js';
import { validateContextFragment } from './validate-context-fragment.js';

type Segment = string | number;

/** How a reader writes the path, worked out here independently of `formatJsonPath`. */
const pathOf = (segments: readonly Segment[]): string =>
  segments.reduce<string>((path, segment) => {
    if (typeof segment === 'number') return `${path}[${segment}]`;
    return /^[A-Za-z_$][\w$]*$/.test(segment) ? `${path}.${segment}` : `${path}[${JSON.stringify(segment)}]`;
  }, 'value');

class Point {
  x = 1;
}

/** Values JSON cannot carry losslessly, each with the rule it breaks. */
const FAULTS: readonly { readonly name: string; readonly make: () => unknown; readonly rule: string }[] = [
  { name: 'function', make: () => () => 0, rule: 'json-value' },
  { name: 'undefined', make: () => undefined, rule: 'json-value' },
  { name: 'symbol', make: () => Symbol('s'), rule: 'json-value' },
  { name: 'BigInt', make: () => 10n, rule: 'json-value' },
  { name: 'NaN', make: () => Number.NaN, rule: 'finite-number' },
  { name: 'Infinity', make: () => Number.POSITIVE_INFINITY, rule: 'finite-number' },
  { name: 'Date', make: () => new Date(0), rule: 'plain-json' },
  { name: 'Map', make: () => new Map([[1, 2]]), rule: 'plain-json' },
  { name: 'Set', make: () => new Set([1]), rule: 'plain-json' },
  { name: 'class instance', make: () => new Point(), rule: 'plain-json' },
  { name: 'typed array', make: () => new Uint8Array(2), rule: 'plain-json' },
  { name: 'boxed string', make: () => new String('s'), rule: 'plain-json' },
  { name: 'inheriting object', make: (): unknown => Object.create({ inherited: 1 }), rule: 'plain-json' },
  { name: 'regular expression', make: () => /x/, rule: 'plain-json' },
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

describe('validateContextFragment', () => {
  it('names the JSON path and rule of a non-JSON value anywhere in a record', () => {
    fc.assert(
      fc.property(segmentsArbitrary, fillerArbitrary, fc.constantFrom(...FAULTS), (segments, fillers, fault) => {
        const value = buildRecord(segments, fillers, (parent, key) => {
          Object.defineProperty(parent, key, { value: fault.make(), enumerable: true, writable: true, configurable: true });
        });
        const error = expectAgentCoreError(() => validateContextFragment(question({ value, maxChars: 100_000 })), 'FRAGMENT_INVALID');
        expect(error.details).toEqual({ fragmentId: 'question', field: 'value', path: pathOf(segments), rule: fault.rule });
        expect(error.message.startsWith(`fragment "question": ${pathOf(segments)} `)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('names the JSON path of a cycle and the ancestor it points back to', () => {
    fc.assert(
      fc.property(segmentsArbitrary, fillerArbitrary, fc.nat(), (segments, fillers, pick) => {
        const target = pick % segments.length;
        const value = buildRecord(segments, fillers, (parent, key, containers) => {
          Object.defineProperty(parent, key, { value: containers[target], enumerable: true, writable: true, configurable: true });
        });
        const error = expectAgentCoreError(() => validateContextFragment(question({ value, maxChars: 100_000 })), 'FRAGMENT_INVALID');
        expect(error.details).toMatchObject({ path: pathOf(segments), rule: 'cycle' });
        expect(error.message).toContain(`refers back to ${pathOf(segments.slice(0, target))}, one of its own ancestors`);
      }),
    );
  });

  it('names the JSON path of a getter that throws', () => {
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
        const error = expectAgentCoreError(() => validateContextFragment(question({ value, maxChars: 100_000 })), 'FRAGMENT_INVALID');
        expect(error.details).toMatchObject({ path: pathOf(segments), rule: 'readable' });
        expect(error.cause).toBe(boom);
      }),
    );
  });

  it('cuts a long key in the path and the message, identifier-like or not', () => {
    for (const key of ['k'.repeat(100_000), 'k-'.repeat(50_000)]) {
      const error = expectAgentCoreError(() => validateContextFragment(question({ value: { [key]: () => 1 }, maxChars: 1_000_000 })), 'FRAGMENT_INVALID');
      const path = (error.details as { path: string }).path;
      expect(path).toBe(`value[${JSON.stringify(key.slice(0, 60))}…]`);
      expect(error.message.length).toBeLessThan(300);
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
});
