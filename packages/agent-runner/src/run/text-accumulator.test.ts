import { describe, expect, it } from 'vitest';
import { TextAccumulator } from './text-accumulator.js';

describe('TextAccumulator', () => {
  it('gives back every piece in order at any count, across chunk and block boundaries, as often as asked', () => {
    const accumulator = new TextAccumulator();
    let expected = '';
    expect(accumulator.text()).toBe('');
    for (let index = 0; index < 2100; index++) {
      const piece = index % 7 === 0 ? `«${index}»` : String.fromCharCode(97 + (index % 26));
      accumulator.add(piece);
      expected += piece;
      if (index % 15 === 0 || index % 16 === 15 || index % 1024 === 1023) {
        expect(accumulator.text()).toBe(expected);
        expect(accumulator.text()).toBe(expected);
      }
    }
    expect(accumulator.text()).toBe(expected);
  });
});
