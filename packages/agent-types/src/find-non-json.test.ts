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
