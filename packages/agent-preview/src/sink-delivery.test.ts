import { describe, expect, it } from 'vitest';
import type { Schedule } from './coalescing-schedule.js';
import type { ReplyPreviewChange } from './reply-preview-options.js';
import { SinkDelivery } from './sink-delivery.js';

/** A list that counts how often its items are read. */
function countingList(items: string[]): { list: string[]; reads: () => number } {
  let reads = 0;
  const list = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { list, reads: () => reads };
}

/** A schedule run by hand: `run()` fires the callback scheduled, if any. */
function manualSchedule(): { schedule: Schedule; run: () => void; pending: () => boolean } {
  let scheduled: (() => void) | undefined;
  return {
    schedule: (callback) => {
      scheduled = callback;
      return () => {
        scheduled = undefined;
      };
    },
    run: () => {
      const callback = scheduled;
      scheduled = undefined;
      callback?.();
    },
    pending: () => scheduled !== undefined,
  };
}

function recorder(): { calls: { bubbles: string[]; from: number }[]; sink: (bubbles: readonly string[], change: ReplyPreviewChange) => void } {
  const calls: { bubbles: string[]; from: number }[] = [];
  return { calls, sink: (bubbles, { from }) => void calls.push({ bubbles: [...bubbles], from }) };
}

describe('SinkDelivery', () => {
  it('compares a new list with the one the sink holds: skips an equal one, else starts from the first difference', () => {
    const { calls, sink } = recorder();
    const delivery = new SinkDelivery(sink, undefined);
    void delivery.update(['a', 'b'], 0);
    void delivery.update(['a', 'b'], 0);
    void delivery.update(['a', 'c', 'd'], 0);
    expect(calls).toEqual([
      { bubbles: ['a', 'b'], from: 0 },
      { bubbles: ['a', 'c', 'd'], from: 1 },
    ]);
  });

  it("never reads the items of the live list it hands over again (a stage's later changes: comparing would cost every delta)", () => {
    const delivery = new SinkDelivery(() => undefined, undefined, true);
    const live = countingList(['a']);
    void delivery.update(live.list, 0);
    live.list.push('b');
    const before = live.reads();
    void delivery.update(live.list, 1);
    live.list[1] = 'bc';
    void delivery.update(live.list, 1);
    expect(live.reads() - before).toBe(0);
  });

  it('hands a copy per call unless live, so a sink may keep what it was handed', () => {
    const lists: (readonly string[])[] = [];
    const delivery = new SinkDelivery((bubbles) => {
      lists.push(bubbles);
    }, undefined);
    const live = ['a'];
    void delivery.update(live, 0);
    live[0] = 'ab';
    void delivery.update(live, 0);
    expect(lists).toEqual([['a'], ['ab']]);
    expect(lists[1]).not.toBe(live);
  });

  it('hands the live list itself over when live, with where it changed', () => {
    const lists: (readonly string[])[] = [];
    const froms: number[] = [];
    const delivery = new SinkDelivery((bubbles, { from }) => {
      lists.push(bubbles);
      froms.push(from);
    }, undefined, true);
    const live = ['a'];
    void delivery.update(live, 0);
    live.push('b');
    void delivery.update(live, 1);
    expect(lists[0]).toBe(live);
    expect(lists[1]).toBe(live);
    expect(froms).toEqual([0, 1]);
  });

  it('hands a withdrawal over even when it repeats the list the sink holds', () => {
    const { calls, sink } = recorder();
    const delivery = new SinkDelivery(sink, undefined);
    void delivery.withdraw([]);
    void delivery.withdraw([]);
    expect(calls).toEqual([
      { bubbles: [], from: 0 },
      { bubbles: [], from: 0 },
    ]);
  });

  it('with a schedule, coalesces the changes until the scheduled call, from the first index changed', () => {
    const { calls, sink } = recorder();
    const clock = manualSchedule();
    const delivery = new SinkDelivery(sink, clock.schedule);
    const live = ['a'];
    expect(delivery.update(live, 0)).toBeUndefined();
    live.push('b');
    expect(delivery.update(live, 1)).toBeUndefined();
    expect(calls).toEqual([]);
    clock.run();
    expect(calls).toEqual([{ bubbles: ['a', 'b'], from: 0 }]);
    live[1] = 'bc';
    live.push('d');
    void delivery.update(live, 1);
    void delivery.update(live, 2);
    clock.run();
    expect(calls.at(-1)).toEqual({ bubbles: ['a', 'bc', 'd'], from: 1 });
    expect(clock.pending()).toBe(false);
  });

  it('with a schedule, hands the change waiting over at the end at once, and cancels the scheduled call', () => {
    const { calls, sink } = recorder();
    const clock = manualSchedule();
    const delivery = new SinkDelivery(sink, clock.schedule);
    void delivery.update(['x'], 0);
    expect(delivery.end()).toBeUndefined();
    expect(calls).toEqual([{ bubbles: ['x'], from: 0 }]);
    expect(clock.pending()).toBe(false);
  });

  it('with a schedule, reports the failure of a scheduled call at the next update, once', () => {
    const clock = manualSchedule();
    let fail = true;
    const delivery = new SinkDelivery(() => {
      if (fail) throw new Error('screen gone');
    }, clock.schedule);
    void delivery.update(['x'], 0);
    clock.run();
    fail = false;
    expect(() => delivery.update(['x', 'y'], 1)).toThrow('screen gone');
    expect(delivery.update(['x', 'y', 'z'], 2)).toBeUndefined();
  });

  it('with a schedule, rejects the end of a stage with the failure of a call still in flight', async () => {
    const clock = manualSchedule();
    let reject: ((error: Error) => void) | undefined;
    const delivery = new SinkDelivery(
      () =>
        new Promise<void>((_, fail) => {
          reject = fail;
        }),
      clock.schedule,
    );
    void delivery.update(['x'], 0);
    clock.run();
    const end = delivery.end();
    reject?.(new Error('later'));
    await expect(end).rejects.toThrow('later');
  });

  it('never calls the sink while its call is in flight, a scheduled one included', async () => {
    const clock = manualSchedule();
    let active = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const delivery = new SinkDelivery(async () => {
      active++;
      most = Math.max(most, active);
      await new Promise<void>((resolve) => releases.push(resolve));
      active--;
    }, clock.schedule);
    const live = ['a'];
    void delivery.update(live, 0);
    clock.run();
    live.push('b');
    void delivery.update(live, 1);
    clock.run();
    expect(releases).toHaveLength(1);
    releases.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(releases).toHaveLength(1);
    releases.shift()?.();
    await delivery.end();
    expect(most).toBe(1);
  });

  it('reads the then of what the sink returned once, and counts a throwing then as the sink failing', async () => {
    let reads = 0;
    const thenable = {
      get then() {
        reads += 1;
        return reads === 1 ? (resolve: () => void) => {
          resolve();
        } : 'not callable';
      },
    };
    const delivery = new SinkDelivery(() => thenable as unknown as Promise<void>, undefined);
    await delivery.update(['a'], 0);
    expect(reads).toBe(1);
    const throwing = new SinkDelivery(
      () =>
        ({
          get then() {
            throw new Error('then threw');
          },
        }) as unknown as Promise<void>,
      undefined,
    );
    expect(() => throwing.update(['a'], 0)).toThrow('then threw');
  });
});
