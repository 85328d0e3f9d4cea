import { AgentCoreError } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DATA_DEPTH, serializeRecordData } from './serialize-record-data.js';

function rejection(data: unknown): AgentCoreError | undefined {
  try {
    serializeRecordData(data);
    return undefined;
  } catch (error) {
    if (!AgentCoreError.isInstance(error)) throw error;
    return error;
  }
}

/** JSON writes -0 as 0; everything else must come back as it went in. */
function withoutNegativeZero(value: unknown): unknown {
  if (Object.is(value, -0)) return 0;
  if (Array.isArray(value)) return value.map(withoutNegativeZero);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutNegativeZero(item)]));
  }
  return value;
}

function sparse(length: number): unknown[] {
  const list: unknown[] = [];
  list[length - 1] = 'last';
  return list;
}

describe('serializeRecordData', () => {
  it('serialises plain JSON objects', () => {
    expect(serializeRecordData({ a: 1, b: ['x', null, true], c: { d: 'é' } })).toBe('{"a":1,"b":["x",null,true],"c":{"d":"é"}}');
  });

  it.each([
    ['an array', [1], 'data'],
    ['null', null, 'data'],
    ['a string', 'text', 'data'],
    ['undefined inside', { a: undefined }, 'data.a'],
    ['a function', { f: () => 1 }, 'data.f'],
    ['a symbol', { s: Symbol('s') }, 'data.s'],
    ['a BigInt', { n: 1n }, 'data.n'],
    ['NaN', { n: Number.NaN }, 'data.n'],
    ['Infinity deep in an array', { list: [1, [Number.POSITIVE_INFINITY]] }, 'data.list[1][0]'],
    ['a Date', { at: new Date(0) }, 'data.at'],
    ['a Map', { m: new Map() }, 'data.m'],
    ['a class instance', { x: new (class Point {
      x = 1;
    })() }, 'data.x'],
    ['a boxed string', { s: Object('x') as object }, 'data.s'],
    ['a sparse array', { list: sparse(3) }, 'data.list'],
    ['symbol keys', { [Symbol('k')]: 1 }, 'data'],
  ])('rejects %s, naming the path', (_label, data, path) => {
    const error = rejection(data);
    expect(error?.code).toBe('INPUT_INVALID');
    expect(error?.details).toMatchObject({ field: 'data', path });
  });

  it('rejects cycles and over-deep nesting', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(rejection(cyclic)?.message).toContain('cycle');
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < MAX_DATA_DEPTH + 1; level += 1) deep = { deep };
    expect(rejection(deep)?.message).toContain(`${MAX_DATA_DEPTH}`);
  });

  it('accepts a value shared twice without a cycle', () => {
    const shared = { x: 1 };
    expect(serializeRecordData({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
  });

  it('turns a throwing getter or proxy into INPUT_INVALID', () => {
    const getter = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(rejection(getter)?.code).toBe('INPUT_INVALID');
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(rejection(proxy)?.code).toBe('INPUT_INVALID');
  });

  it('either rejects an arbitrary value with INPUT_INVALID or round-trips it exactly', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withBoxedValues: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withSparseArray: true,
          withTypedArray: true,
          withObjectString: true,
        }),
        (value) => {
          let json: string;
          try {
            json = serializeRecordData(value);
          } catch (error) {
            expect(AgentCoreError.isInstance(error) && error.code).toBe('INPUT_INVALID');
            return;
          }
          expect(JSON.parse(json)).toEqual(withoutNegativeZero(value));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
