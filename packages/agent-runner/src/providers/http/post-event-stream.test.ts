import { describe, expect, it } from 'vitest';
import { postEventStream } from './post-event-stream.js';

/** A body that sends `first` (if any), then stalls until cancelled; records the cancel. */
function stallingBody(first?: string): { body: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first !== undefined) controller.enqueue(new TextEncoder().encode(first));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body, cancelled: () => cancelled };
}

function request(fetch: typeof globalThis.fetch, signal: AbortSignal) {
  return { provider: 'test', url: 'http://test.invalid/v1/chat', headers: new Headers(), body: () => ({}), fetch, signal, secrets: [] };
}

describe('postEventStream with an App fetch that ignores the signal', () => {
  it('cancels the body of a response that arrives after the abort, and rejects ABORTED', async () => {
    const { body, cancelled } = stallingBody();
    let answer = (_response: Response): void => undefined;
    const fetch = (() => new Promise<Response>((resolve) => (answer = resolve))) as typeof globalThis.fetch;
    const controller = new AbortController();
    const next = postEventStream(request(fetch, controller.signal)).next();
    controller.abort();
    answer(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    await expect(next).rejects.toMatchObject({ code: 'ABORTED' });
    expect(cancelled()).toBe(true);
  });

  it('cancels a stalled error body on abort, and rejects ABORTED', async () => {
    const { body, cancelled } = stallingBody('{"error":');
    const fetch = (() => Promise.resolve(new Response(body, { status: 500 }))) as typeof globalThis.fetch;
    const controller = new AbortController();
    const next = postEventStream(request(fetch, controller.signal)).next();
    setTimeout(() => { controller.abort(); }, 10);
    await expect(next).rejects.toMatchObject({ code: 'ABORTED' });
    expect(cancelled()).toBe(true);
  });
});
