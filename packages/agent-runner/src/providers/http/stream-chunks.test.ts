import type { EventSourceMessage } from 'eventsource-parser';
import type { ProviderChunk } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { streamChunks, type EventStreamState } from './stream-chunks.js';

async function* batchesOf(...batches: readonly (readonly string[])[]): AsyncGenerator<readonly EventSourceMessage[]> {
  for (const batch of batches) yield batch.map((data) => ({ data, event: undefined, id: undefined }));
}

/** Echoes each event's data as text; `fail` throws, `stop` completes the stream. */
const echo = (): EventStreamState => ({
  accept(event, out) {
    if (event.data === 'fail') throw new Error('bad event');
    if (event.data === 'stop') return false;
    out.push({ type: 'text', text: event.data });
    return true;
  },
  end(out) {
    out.push({ type: 'finish', reason: 'stop' });
  },
});

async function collect(iterable: AsyncIterable<readonly ProviderChunk[]>) {
  const chunks: ProviderChunk[] = [];
  const batches: (readonly ProviderChunk[])[] = [];
  try {
    for await (const batch of iterable) {
      batches.push(batch);
      chunks.push(...batch);
    }
    return { chunks, batches };
  } catch (error) {
    return { chunks, batches, error };
  }
}

describe('streamChunks', () => {
  it('yields the chunks of the events before a failing one, then the error', async () => {
    const { chunks, error } = await collect(streamChunks(batchesOf(['a'], ['b', 'fail', 'c']), echo()));
    expect(chunks).toEqual([
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
    ]);
    expect(error).toEqual(new Error('bad event'));
  });

  it('yields the chunks of one batch of events (one network read) as one list, a batch that made none yielding nothing', async () => {
    const skip = (): EventStreamState => ({ ...echo(), accept: (event, out) => (event.data === '' ? true : echo().accept(event, out)) });
    const { batches, error } = await collect(streamChunks(batchesOf(['a', 'b', 'c'], [''], ['d']), skip()));
    expect(error).toBeUndefined();
    expect(batches).toEqual([
      [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
        { type: 'text', text: 'c' },
      ],
      [{ type: 'text', text: 'd' }],
      [{ type: 'finish', reason: 'stop' }],
    ]);
  });

  it('the state completing in a batch: its finish chunk joins that batch', async () => {
    const { batches } = await collect(streamChunks(batchesOf(['a', 'b', 'stop']), echo()));
    expect(batches).toEqual([
      [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
        { type: 'finish', reason: 'stop' },
      ],
    ]);
  });

  it('stops reading when the state completes, then ends', async () => {
    let closed = false;
    async function* tracked() {
      try {
        yield* batchesOf(['a', 'stop', 'ignored'], ['never']);
      } finally {
        closed = true;
      }
    }
    const { chunks } = await collect(streamChunks(tracked(), echo()));
    expect(chunks).toEqual([
      { type: 'text', text: 'a' },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(closed).toBe(true);
  });
});
