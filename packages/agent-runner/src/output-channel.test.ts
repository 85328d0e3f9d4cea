import type { OutputEvent } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { OutputChannel } from './output-channel.js';

const start: OutputEvent = { type: 'stage-start', stageId: 's', mode: 'text', toolIds: [] };
const delta: OutputEvent = { type: 'text-delta', stageId: 's', text: 'a' };
const end: OutputEvent = { type: 'stage-end', stageId: 's', ok: false, code: 'ABORTED' };

describe('OutputChannel', () => {
  it('returns no promise for a synchronous sink', () => {
    const seen: OutputEvent[] = [];
    const channel = new OutputChannel({ write: (event) => void seen.push(event) }, () => undefined);
    expect(channel.deliver(start)).toBeUndefined();
    expect(seen).toEqual([start]);
  });

  it('holds the closing event until the running async write settles', async () => {
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const channel = new OutputChannel(
      {
        write(event) {
          seen.push(event.type);
          return event.type === 'text-delta' ? new Promise<void>((resolve) => (release = resolve)) : undefined;
        },
      },
      () => undefined,
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
      {
        write(event) {
          seen.push(`${event.type}:begin`);
          if (event.type === 'text-delta') holder.channel?.deliverLast(end);
          seen.push(`${event.type}:end`);
        },
      },
      () => undefined,
    );
    holder.channel = channel;
    expect(channel.deliver(delta)).toBeUndefined();
    expect(seen).toEqual(['text-delta:begin', 'text-delta:end', 'stage-end:begin', 'stage-end:end']);
  });

  it('reports the first failure once and then detaches the sink', async () => {
    const failures: string[] = [];
    const seen: string[] = [];
    const channel = new OutputChannel(
      {
        write(event) {
          seen.push(event.type);
          return Promise.reject(new Error('down'));
        },
      },
      (event, error) => void failures.push(`${event.type}:${(error as Error).message}`),
    );
    await channel.deliver(start);
    expect(channel.deliver(delta)).toBeUndefined();
    channel.deliverLast(end);
    expect(seen).toEqual(['stage-start']);
    expect(failures).toEqual(['stage-start:down']);
  });
});
