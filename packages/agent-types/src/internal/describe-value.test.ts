import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyValue } from '../../test/arbitraries.js';
import { describeValue } from './describe-value.js';

describe('describeValue', () => {
  it.each([
    ['text', '"text"'],
    [-0, '-0'],
    [Number.NaN, 'NaN'],
    [10n, 'a BigInt'],
    [undefined, 'undefined'],
    [null, 'null'],
    [Symbol('s'), 'a symbol'],
    [() => 0, 'a function'],
    [[1], 'an array'],
    [{}, 'an object'],
    [Object.create(null) as object, 'an object'],
    [new Date(0), 'a Date instance'],
    [new Uint8Array(1), 'a Uint8Array instance'],
    [Object.create({}) as object, 'a class instance'],
  ])('describes %o as %s', (value, description) => {
    expect(describeValue(value)).toBe(description);
  });

  it('never throws, even for a revoked proxy', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeValue(proxy)).toBe('an unreadable object');
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(typeof describeValue(value)).toBe('string');
      }),
    );
  });
});
