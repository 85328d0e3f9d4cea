import type { EventSourceMessage } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { CR_FEED_CHARS, feed, MAX_EVENT_CHARS, readEventStream } from './read-event-stream.js';

const encoder = new TextEncoder();
const options = { provider: 'test', signal: new AbortController().signal, secrets: ['s3cret'] };

function bodyOf(...pieces: readonly (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      controller.close();
    },
  });
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<{ events: EventSourceMessage[]; error?: unknown }> {
  const events: EventSourceMessage[] = [];
  try {
    for await (const batch of readEventStream(body, options)) events.push(...batch);
    return { events };
  } catch (error) {
    return { events, error };
  }
}

describe('readEventStream', () => {
  it('parses events split anywhere, CRLF line ends and UTF-8 characters cut in half', async () => {
    const bytes = encoder.encode('event: a\r\ndata: 你好\r\n\r\n: keep-alive\r\n\r\ndata: {"x":1}\n\n');
    const pieces = Array.from(bytes, (_, index) => bytes.subarray(index, index + 1));
    const { events, error } = await readAll(bodyOf(...pieces));
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { event: 'a', data: '你好', id: undefined },
      { event: undefined, data: '{"x":1}', id: undefined },
    ]);
  });

  it('drops a last event that was never terminated', async () => {
    for (const body of ['data: one\n\ndata: two', 'data: one\n\ndata: two\n', 'data: one\r\rdata: two\r']) {
      const { events, error } = await readAll(bodyOf(body));
      expect(error).toBeUndefined();
      expect(events.map((event) => event.data)).toEqual(['one']);
    }
  });

  it('dispatches the last event of a body framed with bare CRs, cut anywhere', async () => {
    const text = 'event: a\rdata: one\r\revent: b\rdata: two\r\r';
    for (let cut = 0; cut <= text.length; cut += 1) {
      const { events, error } = await readAll(bodyOf(text.slice(0, cut), text.slice(cut)));
      expect(error).toBeUndefined();
      expect(events.map((event) => `${event.event ?? ''}:${event.data}`)).toEqual(['a:one', 'b:two']);
    }
  });

  it('feeds a large read holding a carriage return in bounded pieces, and any other read whole', () => {
    // eventsource-parser looks for both line ends from every line start to the end of what it is
    // fed once a CR is in it: one large CR-framed read fed whole cost lines × length (20,000
    // events in one read: 3 s; 80,000: 66 s).
    const pieces = (text: string): string[] => {
      const fed: string[] = [];
      feed({ feed: (chunk) => void fed.push(chunk) }, text, () => false);
      return fed;
    };
    const crFramed = 'data: {"x":1}\r\r'.repeat(5000);
    const fed = pieces(crFramed);
    expect(fed.join('')).toBe(crFramed);
    expect(Math.max(...fed.map((piece) => piece.length))).toBeLessThanOrEqual(CR_FEED_CHARS);
    expect(fed.length).toBe(Math.ceil(crFramed.length / CR_FEED_CHARS));
    const lfFramed = 'data: {"x":1}\n\n'.repeat(5000);
    expect(pieces(lfFramed)).toEqual([lfFramed]);
  });

  it('parses one large read framed with CRLF or bare CRs across the pieces it is fed in, a CRLF cut between two', async () => {
    for (const newline of ['\r\n', '\r']) {
      // Lines of varying length, so that piece boundaries fall everywhere, a CRLF's halves included.
      const data = Array.from({ length: 3000 }, (_, index) => `{"n":${index},"pad":"${'x'.repeat(index % 17)}"}`);
      const text = data.map((line) => `data: ${line}${newline}${newline}`).join('');
      expect(text.length).toBeGreaterThan(CR_FEED_CHARS * 10);
      if (newline === '\r\n') {
        const cutCrlf = Array.from({ length: Math.floor(text.length / CR_FEED_CHARS) }, (_, index) => (index + 1) * CR_FEED_CHARS).filter(
          (at) => text[at - 1] === '\r' && text[at] === '\n',
        );
        expect(cutCrlf.length).toBeGreaterThan(0);
      }
      const { events, error } = await readAll(bodyOf(text));
      expect(error).toBeUndefined();
      expect(events.map((event) => event.data)).toEqual(data);
    }
  });

  it('rejects a body that is not an event stream, with a redacted excerpt', async () => {
    const { error } = await readAll(bodyOf('<html>s3cret</html>'));
    expect(error).toMatchObject({
      code: 'PROVIDER_FAILED',
      details: { retryable: false, bodyExcerpt: '<html>[redacted]</html>', providerId: 'test' },
    });
  });

  it('reports a body that fails mid-read as a retryable failure', async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(encoder.encode('data: one\n\n'));
        else controller.error(new TypeError('terminated'));
      },
    });
    const { events, error } = await readAll(body);
    expect(events.map((event) => event.data)).toEqual(['one']);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: true } });
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encoder.encode('data: more\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const batch of readEventStream(body, options)) {
      expect(batch[0]?.data).toBe('more');
      break;
    }
    expect(cancelled).toBe(true);
  });

  it('rejects an event larger than the limit instead of buffering without bound', async () => {
    const { error } = await readAll(bodyOf(`data: ${'x'.repeat(MAX_EVENT_CHARS)}`, 'x\n\n'));
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', details: { retryable: false } });
  });

  it('rejects an event larger than the limit in a read fed in pieces (CRLF lines), keeping the events before it', async () => {
    // The parser refuses any input once an event crossed the limit: the pieces after that one
    // must not be fed (they threw a bare "Cannot feed parser" Error).
    const line = `data: ${'b'.repeat(1000)}\r\n`;
    const { events, error } = await readAll(bodyOf(`data: first\r\n\r\n${line.repeat(Math.ceil(MAX_EVENT_CHARS / 1000) + 8)}\r\n`));
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', message: expect.stringContaining('exceeded') as string, details: { retryable: false } });
    expect(events.map((event) => event.data)).toEqual(['first']);
  });
});
