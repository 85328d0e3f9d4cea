import type { ModelProvider, ProviderRequest, ProviderStreamItem, ProviderStreamOptions } from '@jangts/agent-types';
import { closableStream } from '../shared/closable-stream.js';
import type { StreamArgumentsParser } from '../shared/stream-arguments-parser.js';
import { postEventStream } from './post-event-stream.js';
import { collectSecrets, redactingFailures } from './secrets.js';
import { streamChunks, type EventStreamState } from './stream-chunks.js';

/** What one HTTP event-stream protocol gives the provider every such protocol shares. */
export interface EventStreamProtocol {
  /** The provider's id, also its name in error messages. */
  readonly id: string;
  /** The model every call asks for (the App's `body.model` when it overrides the option). */
  readonly model: string;
  /** The endpoint every call POSTs to. */
  readonly url: string;
  /** The API key (redacted from every error), already checked. */
  readonly apiKey: string | undefined;
  /** Headers of the protocol (version, credential), after `content-type` and `accept`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The App's headers (checked by the options' door); they override the protocol's. */
  readonly appHeaders: Readonly<Record<string, string>> | undefined;
  /** The `fetch` to call: the App's, else the global one. */
  readonly fetch: typeof globalThis.fetch;
  /** The door of `stream(request, options)`. */
  readonly streamArguments: StreamArgumentsParser;
  /** Builds one call's JSON body from the request its door read. */
  readonly body: (request: ProviderRequest) => unknown;
  /** A fresh state machine for one call's events. */
  readonly createState: (secrets: readonly string[]) => EventStreamState;
}

/**
 * A {@link ModelProvider} whose calls POST the protocol's body to its URL with
 * `content-type: application/json`, `accept: text/event-stream`, the protocol's headers and then
 * the App's (a header of the same name, case-insensitively, overridden), and stream the chunks its
 * state machine reads, one list per network read. `stream` reads its arguments through the protocol's door first
 * (`INPUT_INVALID`, thrown by `stream` itself). Each iteration is one request; closing the
 * iterator or firing the caller's signal cancels it. The API key, credential headers and
 * credentials in the URL never appear in an error (every failure leaves through
 * `redactingFailures`), and are never sent to another origin (`postJson` refuses such redirects).
 */
export function createEventStreamProvider(protocol: EventStreamProtocol): ModelProvider {
  const headers = new Headers();
  const entries = [...Object.entries({ 'content-type': 'application/json', accept: 'text/event-stream', ...protocol.headers }), ...Object.entries(protocol.appHeaders ?? {})];
  for (const [name, value] of entries) headers.set(name, value);
  const secrets = collectSecrets(protocol.apiKey, headers, protocol.url);
  const { id, model, url, fetch } = protocol;

  return {
    id,
    model,
    stream(request: ProviderRequest, options: ProviderStreamOptions): AsyncIterable<ProviderStreamItem> {
      const read = protocol.streamArguments.parse(request, options);
      const body = () => protocol.body(read.request);
      return closableStream(read.signal, (signal) => {
        const chunks = streamChunks(postEventStream({ provider: id, url, headers, body, fetch, signal, secrets }), protocol.createState(secrets));
        return secrets.length === 0 ? chunks : redactingFailures(chunks, secrets);
      });
    },
  };
}
