import type { ModelProvider, ProviderChunk, ProviderRequest, ProviderStreamOptions } from '@jangts/agent-types';
import { checkProviderRequest } from '../shared/check-provider-request.js';
import { closableStream } from '../shared/closable-stream.js';
import { optionalFetch, optionalHeaders, optionalJsonObject } from '../shared/option-checks.js';
import { buildHeaders } from './build-headers.js';
import { postEventStream } from './post-event-stream.js';
import { collectSecrets, redactingFailures } from './secrets.js';
import { streamChunks, type EventStreamState } from './stream-chunks.js';

/** What one HTTP event-stream protocol adds to the options every such provider shares. */
export interface EventStreamProtocol {
  /** The provider's id, also its name in error messages. */
  readonly id: string;
  /** The endpoint every call POSTs to. */
  readonly url: string;
  /** The API key (redacted from every error), already checked. */
  readonly apiKey: string | undefined;
  /** Headers of the protocol (version, credential), after `content-type` and `accept`; the App's `headers` override them. */
  readonly headers: Readonly<Record<string, string>>;
  /** Builds one call's JSON body; `extraBody` is the App's `body` option (`{}` when absent). */
  readonly body: (request: ProviderRequest, extraBody: Readonly<Record<string, unknown>>) => unknown;
  /** A fresh state machine for one call's events. */
  readonly createState: (secrets: readonly string[]) => EventStreamState;
}

/**
 * Reads the options every HTTP event-stream provider shares, in this order: `body` (an object of
 * JSON fields, checked and copied now),
 * `fetch` (the global one when absent) and `headers` (`CONFIG_INVALID` naming `factory` and the
 * field), and returns a {@link ModelProvider} whose calls POST the protocol's body to its URL with
 * `content-type: application/json`, `accept: text/event-stream` and the protocol's headers, and
 * stream the chunks its state machine reads. Each iteration is one request; closing the iterator
 * or firing the caller's signal cancels it. The API key, credential headers and credentials in
 * the URL never appear in an error (every failure leaves through `redactingFailures`), and are
 * never sent to another origin (`postJson` refuses such redirects).
 */
export function createEventStreamProvider(
  factory: string,
  options: Record<string, unknown>,
  protocol: EventStreamProtocol,
): ModelProvider {
  const extraBody = optionalJsonObject(factory, options, 'body') ?? {};
  const fetch = optionalFetch(factory, options, 'fetch') ?? globalThis.fetch;
  const headers = buildHeaders(
    factory,
    { 'content-type': 'application/json', accept: 'text/event-stream', ...protocol.headers },
    optionalHeaders(factory, options, 'headers'),
  );
  const secrets = collectSecrets(protocol.apiKey, headers, protocol.url);
  const { id, url } = protocol;

  return {
    id,
    stream(request: ProviderRequest, streamOptions: ProviderStreamOptions): AsyncIterable<string | ProviderChunk> {
      const checked = checkProviderRequest(id, request);
      const body = () => protocol.body(checked, extraBody);
      return closableStream(streamOptions, (signal) => {
        const chunks = streamChunks(postEventStream({ provider: id, url, headers, body, fetch, signal, secrets }), protocol.createState(secrets));
        return secrets.length === 0 ? chunks : redactingFailures(chunks, secrets);
      });
    },
  };
}
