import { AgentCoreError } from '@jangts/agent-types';
import { MAX_INPUT_DEPTH } from '@jangts/agent-types/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecordData } from './record-data.js';

/** What the store writes for `data`: the checked copy as JSON. */
const written = (data: unknown): string => JSON.stringify(parseRecordData(data));

function sparse(length: number): unknown[] {
  const list: unknown[] = [];
  list[length - 1] = 'last';
  return list;
}

describe('parseRecordData', () => {
  it('copies plain JSON objects', () => {
    const data = { a: 1, b: ['x', null, true], c: { d: 'é' } };
    const copy = parseRecordData(data);
    expect(copy).toEqual(data);
    expect(copy.c).not.toBe(data.c);
    expect(written(data)).toBe('{"a":1,"b":["x",null,true],"c":{"d":"é"}}');
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
    ['a sparse array', { list: sparse(3) }, 'data.list[0]'],
  ])('refuses %s, naming the field', (_label, data, field) => {
    expect(() => parseRecordData(data)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID', message: expect.stringMatching(/^record: /), details: expect.objectContaining({ field }) }));
  });

  it('writes only what JSON keeps of a symbol key or a non-enumerable property', () => {
    const data = Object.defineProperty({ [Symbol('k')]: 1, kept: true }, 'hidden', { value: 1, enumerable: false });
    expect(written(data)).toBe('{"kept":true}');
  });

  it('refuses cycles and nesting deeper than the door allows', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => parseRecordData(cyclic)).toThrow(expect.objectContaining({ details: expect.objectContaining({ field: 'data.self', rule: 'cycle' }) }));
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < MAX_INPUT_DEPTH + 1; level += 1) deep = { deep };
    expect(() => parseRecordData(deep)).toThrow(expect.objectContaining({ details: expect.objectContaining({ rule: 'depth', limit: MAX_INPUT_DEPTH }) }));
  });

  it('accepts a value shared twice without a cycle', () => {
    const shared = { x: 1 };
    expect(written({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
  });

  it('reads each property once: a getter is called once, and what it returned is written', () => {
    let calls = 0;
    const data = Object.defineProperty({}, 'value', {
      enumerable: true,
      get() {
        calls += 1;
        return calls === 1 ? 'first' : new Date(0);
      },
    });
    expect(written(data)).toBe('{"value":"first"}');
    expect(calls).toBe(1);
  });

  it('turns a throwing getter or proxy into INPUT_INVALID naming the field', () => {
    const boom = new Error('boom');
    const getter = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw boom;
      },
    });
    expect(() => parseRecordData(getter)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID', cause: boom, details: expect.objectContaining({ field: 'data.boom', rule: 'readable' }) }));
    const proxy = new Proxy({}, { ownKeys: () => { throw boom; } });
    expect(() => parseRecordData(proxy)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field: 'data', rule: 'readable' }) }));
  });

  it('accepts every JSON object, written as JSON.stringify writes it', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (data) => {
        expect(written(data)).toBe(JSON.stringify(data));
      }),
      { numRuns: 500 },
    );
  });

  it('either refuses an arbitrary value with INPUT_INVALID naming a data field, or writes exactly its JSON', () => {
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
            json = written(value);
          } catch (error) {
            expect(AgentCoreError.isInstance(error) && error.code).toBe('INPUT_INVALID');
            expect((error as AgentCoreError).details.field).toMatch(/^data/);
            return;
          }
          expect(json).toBe(JSON.stringify(value));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
