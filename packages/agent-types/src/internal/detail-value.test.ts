import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detailValue } from './detail-value.js';

describe('detailValue', () => {
  it.each([
    [0, 0],
    [-1.5, -1.5],
    [true, true],
    [null, null],
    ['System', 'System'],
    [-0, '-0'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [10n, 'a BigInt'],
    [undefined, 'undefined'],
    [[1], 'an array'],
    [{ a: 1 }, 'an object'],
    ['x'.repeat(201), `"${'x'.repeat(60)}"…`],
  ])('carries %o as %o', (value, expected) => {
    expect(detailValue(value)).toEqual(expected);
  });

  it('is always a value JSON writes and reads back as it is', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withNullPrototype: true }), (value) => {
        const shown = detailValue(value);
        expect(JSON.parse(JSON.stringify(shown))).toEqual(shown);
      }),
    );
  });
});
