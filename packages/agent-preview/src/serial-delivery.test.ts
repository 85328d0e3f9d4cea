import { describe, expect, it } from 'vitest';
import { SerialDelivery } from './serial-delivery.js';

/** A frozen list that counts how often its items are read. */
function countingList(items: readonly string[]): { list: readonly string[]; reads: () => number } {
  let reads = 0;
  const list = new Proxy(Object.freeze([...items]), {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { list, reads: () => reads };
}

describe('SerialDelivery', () => {
  it('compares an unknown list with the one handed last, and skips it when equal', () => {
    const handed: (readonly string[])[] = [];
    const delivery = new SerialDelivery((bubbles) => void handed.push(bubbles));
    void delivery.deliver(['a', 'b']);
    void delivery.deliver(['a', 'b']);
    void delivery.deliver(['a', 'b', 'c']);
    expect(handed).toEqual([['a', 'b'], ['a', 'b', 'c']]);
  });

  it("never reads the items of a list known to have changed (a stage's later lists: comparing would cost every delta)", () => {
    const delivery = new SerialDelivery(() => undefined);
    void delivery.deliver(['a', 'b']);
    const changed = countingList(['a', 'b', 'c']);
    void delivery.deliver(changed.list, 'changed');
    const next = countingList(['a', 'b', 'cd']);
    void delivery.deliver(next.list, 'changed');
    expect([changed.reads(), next.reads()]).toEqual([0, 0]);
    const unknown = countingList(['a', 'b', 'cde']);
    void delivery.deliver(unknown.list);
    expect(unknown.reads()).toBeGreaterThan(0);
  });

  it('hands a withdrawal over even when it repeats the list handed last', () => {
    const handed: (readonly string[])[] = [];
    const delivery = new SerialDelivery((bubbles) => void handed.push(bubbles));
    void delivery.deliver([], 'withdrawal');
    void delivery.deliver([], 'withdrawal');
    expect(handed).toEqual([[], []]);
  });
});
