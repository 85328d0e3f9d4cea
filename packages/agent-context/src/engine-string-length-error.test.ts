import { describe, expect, it } from 'vitest';
import { engineStringLengthError } from './engine-string-length-error.js';

describe('engineStringLengthError', () => {
  it('is undefined for lengths any engine string can have', () => {
    for (const length of [0, 1, 12, 13, 1000, 2 ** 20, 2 ** 28 - 16]) expect(engineStringLengthError(length)).toBeUndefined();
  });

  it('is the RangeError the engine raises for a length past its limit', () => {
    for (const length of [2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      const error = engineStringLengthError(length);
      expect(error).toBeInstanceOf(RangeError);
      expect(() => 'x'.repeat(length)).toThrow(RangeError);
    }
  });

  it('refuses lengths that are not lengths', () => {
    for (const length of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) expect(engineStringLengthError(length)).toBeInstanceOf(RangeError);
  });

  it('agrees with the engine at its limit, found without building a long string', () => {
    let fits = 0;
    let fails = 2 ** 32;
    while (fails - fits > 1) {
      const middle = Math.floor((fits + fails) / 2);
      if (engineStringLengthError(middle) === undefined) fits = middle;
      else fails = middle;
    }
    // String#repeat makes a rope in V8 (cheap), and fails at the engine's limit.
    expect('x'.repeat(fits)).toHaveLength(fits);
    expect(() => 'x'.repeat(fails)).toThrow(RangeError);
  });
});
