import { describe, expect, it } from 'vitest';
import { firstHole } from './first-hole.js';

describe('firstHole', () => {
  it('finds the first index a list does not hold, or -1', () => {
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    expect(firstHole(['a', , 'b', ,])).toBe(1);
    expect(firstHole(new Array(3))).toBe(0);
    expect(firstHole(['a', undefined, 'b'])).toBe(-1);
    expect(firstHole([])).toBe(-1);
  });

  it.each([
    [null, null],
    ['ab', 'ab'],
    [{ length: 2 }, 'an object'],
    [undefined, 'undefined'],
  ])('refuses %o, which is not an array, with INPUT_INVALID naming it', (list, actual) => {
    expect(() => firstHole(list as never)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID', details: { field: 'list', actual } }));
  });
});
