import { describe, expect, it } from 'vitest';
import { roundOrder } from './round-order.js';

describe('roundOrder', () => {
  it('runs every subject once a round, and each right after every other one equally often', () => {
    for (let count = 1; count <= 7; count++) {
      const cycle = count % 2 === 0 ? count : 2 * count;
      const after = new Map<string, number>();
      for (let round = 0; round < cycle; round++) {
        const order = roundOrder(count, round);
        expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, index) => index));
        for (let position = 1; position < count; position++) {
          const pair = `${order[position - 1]}→${order[position]}`;
          after.set(pair, (after.get(pair) ?? 0) + 1);
        }
      }
      expect(after.size).toBe(count * (count - 1));
      expect(new Set(after.values()).size).toBeLessThanOrEqual(1);
    }
  });

  it('repeats its cycle', () => {
    expect(roundOrder(4, 5)).toEqual(roundOrder(4, 1));
    expect(roundOrder(5, 12)).toEqual(roundOrder(5, 2));
  });
});
