import type { EventSourceMessage } from 'eventsource-parser';
import { providerAbortedError } from '../../errors.js';
import { httpStatusFailure } from './http-status-failure.js';
import { postJson } from './post-json.js';
import { readEventStream } from './read-event-stream.js';
import { providerFailure } from '../../provider-failure.js';

/** One streaming POST request. */
export interface PostEventStreamRequest {
  /** Provider name used in error messages. */
  readonly provider: string;
  readonly url: string;
  readonly headers: Headers;
  /** Builds the JSON request body (called once, when iteration starts). */
  readonly body: () => unknown;
  /** The `fetch` to call (the global one unless the App injected its own). */
  readonly fetch: typeof globalThis.fetch;
  /** Aborts the request and the body read. */
  readonly signal: AbortSignal;
  /** Secrets (API key, credential headers, credentials in the URL) to redact from every excerpt before it is cut. */
  readonly secrets: readonly string[];
}

/**
 * POSTs a JSON body (see `postJson`: redirects to another origin are refused) and yields the
 * server-sent events of the response, in batches (see `readEventStream`). The body is built when
 * iteration starts. Failures are `PROVIDER_FAILED`: those of
 * `postJson`, a non-2xx status (see `httpStatusFailure`), a 2xx without a body, a body that is not
 * an event stream or that breaks off; the caller's signal gives `ABORTED`. The response body is
 * released however iteration ends.
 */
export async function* postEventStream(
  request: PostEventStreamRequest,
): AsyncGenerator<readonly EventSourceMessage[], void, undefined> {
  const { provider, secrets, signal } = request;
  // Built from values the doors read: JSON, nested at most as deep as the door allows.
  const body = JSON.stringify(request.body());
  const response = await postJson({ provider, url: request.url, headers: request.headers, body, fetch: request.fetch, signal, secrets });
  if (!response.ok) {
    const failure = await httpStatusFailure(provider, response, secrets, signal);
    if (signal.aborted) throw providerAbortedError(provider, signal);
    throw failure;
  }
  if (response.body === null) {
    throw providerFailure(`HTTP ${response.status} without a response body`, {
      provider,
      retryable: true,
      status: response.status,
    });
  }
  yield* readEventStream(response.body, { provider, signal, secrets });
}
