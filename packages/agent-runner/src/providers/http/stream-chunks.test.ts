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

async function collect(iterable: AsyncIterable<ProviderChunk>) {
  const chunks: ProviderChunk[] = [];
  try {
    for await (const chunk of iterable) chunks.push(chunk);
    return { chunks };
  } catch (error) {
    return { chunks, error };
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
