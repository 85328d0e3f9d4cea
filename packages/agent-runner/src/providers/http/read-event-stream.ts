import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';
import type { AgentCoreError } from '@jangts/agent-types';
import { excerpt } from '../shared/excerpt.js';
import { openAbortableReader } from '../shared/open-abortable-reader.js';
import { providerFailure } from '../../provider-failure.js';

/** Largest event (partial line plus buffered data lines) accepted, in characters. */
export const MAX_EVENT_CHARS = 16 * 1024 * 1024;

/** The longest piece of a read that holds a carriage return fed to the parser at once, in characters. */
export const CR_FEED_CHARS = 4096;

/**
 * Feeds one read to the parser. A read holding a carriage return is fed in pieces of at most
 * {@link CR_FEED_CHARS}: for such input `eventsource-parser` looks for both line ends from every
 * line start to the end of what it was fed, so one large read framed with bare CRs (or holding a
 * single stray CR) would cost lines × read length. A CRLF cut between two pieces is one line
 * end: the parser holds a trailing CR back until it sees what follows.
 */
export function feed(parser: { feed(chunk: string): void }, text: string, failed: () => boolean): void {
  if (text.length <= CR_FEED_CHARS || !text.includes('\r')) {
    parser.feed(text);
    return;
  }
  // A parser that reported a failure (an event over the size limit) refuses any further input.
  for (let start = 0; start < text.length && !failed(); start += CR_FEED_CHARS) parser.feed(text.slice(start, start + CR_FEED_CHARS));
}

/** What {@link readEventStream} needs besides the body. */
export interface ReadEventStreamOptions {
  /** Provider name used in error messages. */
  readonly provider: string;
  /** Aborts the read; the body is cancelled. */
  readonly signal: AbortSignal;
  /** Secrets to redact from any excerpt before it is cut. */
  readonly secrets: readonly string[];
}

/**
 * Parses a server-sent event body with `eventsource-parser`, yielding the events completed by
 * each network read as one batch (one async step per read, not per event). Comments
 * (keep-alives) are skipped; a read that completes no event yields nothing. The body is always cancelled when iteration
 * stops, however it stops. Throws `PROVIDER_FAILED` when the body is not an event stream (a
 * non-SSE line before any event), when one event exceeds {@link MAX_EVENT_CHARS}, and when the
 * connection fails mid-body (`retryable: true`); throws `ABORTED` when `signal` fires.
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  options: ReadEventStreamOptions,
): AsyncGenerator<readonly EventSourceMessage[], void, undefined> {
  let events: EventSourceMessage[] = [];
  let failure: { readonly error: AgentCoreError; readonly after: number } | undefined;
  let sawEvent = false;
  const parser = createParser({
    maxBufferSize: MAX_EVENT_CHARS,
    onEvent: (event) => {
      sawEvent = true;
      events.push(event);
    },
    onError: (error: ParseError) => {
      if (error.type === 'max-buffer-size-exceeded') {
        failure ??= {
          after: events.length,
          error: providerFailure(`an event exceeded ${MAX_EVENT_CHARS} characters`, {
            provider: options.provider,
            retryable: false,
          }),
        };
      } else if (error.type === 'unknown-field' && !sawEvent) {
        failure ??= {
          after: events.length,
          error: providerFailure('the response is not a server-sent event stream', {
            provider: options.provider,
            retryable: false,
            bodyExcerpt: excerpt(error.line ?? '', options.secrets),
          }),
        };
      }
    },
  });
  const decoder = new TextDecoder();
  const reader = openAbortableReader(body, options.signal, options.provider);
  const connectionFailed = (error: unknown) =>
    providerFailure('the connection failed while streaming the response', {
      provider: options.provider,
      retryable: true,
    }, error);
  let endsWithCarriageReturn = false;
  try {
    for (;;) {
      const result = await reader.read(connectionFailed);
      const text = result.done ? decoder.decode() : decoder.decode(result.value, { stream: true });
      if (text !== '') {
        feed(parser, text, () => failure !== undefined);
        endsWithCarriageReturn = text.endsWith('\r');
      }
      if (result.done) {
        // A body framed with bare CRs ends in a CR the parser holds back (a LF may follow, for a
        // CRLF): nothing follows, so the CR ends its line — and the event, when the line is blank.
        if (endsWithCarriageReturn) parser.feed('\n');
        // At the end, a last line without its newline still counts (an unterminated event does not).
        parser.reset({ consume: true });
      }
      const ready = failure === undefined ? events : events.slice(0, failure.after);
      events = [];
      if (ready.length > 0) yield ready;
      if (failure !== undefined) throw failure.error;
      if (result.done) return;
    }
  } finally {
    reader.release();
  }
}
