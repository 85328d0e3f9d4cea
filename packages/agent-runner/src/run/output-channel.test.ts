import type { OutputEvent } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import type { SinkTarget } from '../input/runner-options.js';
import { OutputChannel, type SinkFailureListener } from './output-channel.js';

/** A sink as the runner holds it: the object, and its write as it was checked. */
function target(sink: { write(event: OutputEvent): unknown }): SinkTarget {
  return { sink, write: (event) => sink.write(event) };
}

const start: OutputEvent = { type: 'stage-start', stageId: 's', mode: 'text', toolIds: [] };
const delta: OutputEvent = { type: 'text-delta', stageId: 's', text: 'a' };
const end: OutputEvent = { type: 'stage-end', stageId: 's', ok: false, code: 'ABORTED' };
const unheard: SinkFailureListener = { sinkFailed: () => undefined };

describe('OutputChannel', () => {
  it('returns no promise for a synchronous sink', () => {
    const seen: OutputEvent[] = [];
    const channel = new OutputChannel(target({ write: (event) => void seen.push(event) }), unheard, 'runner');
    expect(channel.deliver(start)).toBeUndefined();
    expect(seen).toEqual([start]);
  });

  it('holds the closing event until the running async write settles', async () => {
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const channel = new OutputChannel(
      target({
        write(event) {
          seen.push(event.type);
          return event.type === 'text-delta' ? new Promise<void>((resolve) => (release = resolve)) : undefined;
        },
      }),
      unheard,
      'runner',
    );
    const pending = channel.deliver(delta);
    channel.deliverLast(end);
    expect(seen).toEqual(['text-delta']);
    release();
    await pending;
    expect(seen).toEqual(['text-delta', 'stage-end']);
  });

  it('holds the closing event requested from inside a synchronous write until that write returns', () => {
    const seen: string[] = [];
    const holder: { channel?: OutputChannel } = {};
    const channel = new OutputChannel(
      target({
        write(event) {
          seen.push(`${event.type}:begin`);
          if (event.type === 'text-delta') holder.channel?.deliverLast(end);
          seen.push(`${event.type}:end`);
        },
      }),
      unheard,
      'runner',
    );
    holder.channel = channel;
    expect(channel.deliver(delta)).toBeUndefined();
    expect(seen).toEqual(['text-delta:begin', 'text-delta:end', 'stage-end:begin', 'stage-end:end']);
  });

  it('reports the first failure once and then detaches the sink', async () => {
    const failures: string[] = [];
    const seen: string[] = [];
    const channel = new OutputChannel(
      target({
        write(event) {
          seen.push(event.type);
          return Promise.reject(new Error('down'));
        },
      }),
      { sinkFailed: (event, error) => void failures.push(`${event.type}:${(error as Error).message}`) },
      'runner',
    );
    await channel.deliver(start);
    expect(channel.deliver(delta)).toBeUndefined();
    channel.deliverLast(end);
    expect(seen).toEqual(['stage-start']);
    expect(failures).toEqual(['stage-start:down']);
  });

  it('queues the writes of many calls sharing an async sink, each waking once, in the order they came', async () => {
    // 300 calls each queue one write while the first is settling. Each waiting write must be
    // chained once onto the one before it: waking every waiter at each settle (and re-queuing all
    // but one) made draining W writes cost W² steps and froze the event loop.
    let running = 0;
    let steps = 0;
    const order: number[] = [];
    const sink = {
      write(event: OutputEvent): Promise<void> {
        running += 1;
        expect(running).toBe(1);
        order.push(Number(event.type === 'text-delta' ? event.text : -1));
        return Promise.resolve().then(() => {
          running -= 1;
        });
      },
    };
    const channels = Array.from({ length: 300 }, () => new OutputChannel(target(sink), unheard, 'runner'));
    // Every call of deliver is counted, the channel's own re-deliveries included.
    for (const channel of channels) {
      const deliver = channel.deliver.bind(channel);
      channel.deliver = (event) => {
        steps += 1;
        return deliver(event);
      };
    }
    await Promise.all(channels.map(async (channel, index) => channel.deliver({ type: 'text-delta', stageId: 's', text: String(index) })));
    expect(order).toEqual(channels.map((_, index) => index));
    expect(steps).toBe(300);
  });
});
