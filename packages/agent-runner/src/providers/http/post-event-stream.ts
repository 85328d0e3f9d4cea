import type { EventSourceMessage } from 'eventsource-parser';
import { abortedError } from '../shared/aborted-error.js';
import { excerpt } from '../shared/excerpt.js';
import { isNetworkError } from '../shared/is-network-error.js';
import { providerFailure } from '../shared/provider-failure.js';
import { secretFreeCause } from '../shared/secret-free-cause.js';
import { toJsonText } from '../shared/to-json-text.js';
import { describeEndpoint } from './describe-endpoint.js';
import { httpStatusFailure } from './http-status-failure.js';
import { readEventStream } from './read-event-stream.js';
import { errorMessage } from '../../error-message.js';

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
  /** Secrets (API key, credential headers, credentials in the URL) to redact from every error. */
  readonly secrets: readonly string[];
}

/**
 * POSTs a JSON body and yields the server-sent events of the response, in batches (see
 * `readEventStream`). The body is built when iteration starts, so mapping errors surface there.
 * Failures are `PROVIDER_FAILED`: a network error (`retryable: true`; any other `fetch` rejection
 * is not), a non-2xx status (see `httpStatusFailure`), a 2xx without a body, a body that is not
 * an event stream or that breaks off; the caller's signal gives `ABORTED`. The response body is
 * released however iteration ends.
 */
export async function* postEventStream(
  request: PostEventStreamRequest,
): AsyncGenerator<readonly EventSourceMessage[], void, undefined> {
  const { provider, secrets, signal } = request;
  const text = toJsonText(provider, 'the request body', request.body());
  let response: Response;
  try {
    response = await request.fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: text,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw abortedError(provider, signal);
    const reason = excerpt(errorMessage(error, 'unknown error'), secrets);
    throw providerFailure(`network error calling ${describeEndpoint(request.url)}: ${reason}`, {
      provider,
      retryable: isNetworkError(error),
    }, secretFreeCause(error, secrets));
  }
  if (!isResponseLike(response)) {
    throw providerFailure('fetch did not resolve to a Response (an object with ok, status and a readable body)', { provider, retryable: false });
  }
  // An App fetch that ignores the signal may answer after the abort: nobody reads this response.
  if (signal.aborted) {
    await response.body?.cancel().catch(() => undefined);
    throw abortedError(provider, signal);
  }
  if (!response.ok) {
    const failure = await httpStatusFailure(provider, response, secrets, signal);
    if (signal.aborted) throw abortedError(provider, signal);
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

/** Whether an App's `fetch` resolved to something usable as a `Response`; one whose reading throws is not. */
function isResponseLike(value: unknown): value is Response {
  try {
    if (typeof value !== 'object' || value === null) return false;
    const { ok, status, body } = value as { ok?: unknown; status?: unknown; body?: unknown };
    return typeof ok === 'boolean' && typeof status === 'number' && (body === null || (typeof body === 'object' && body !== null && typeof (body as { getReader?: unknown }).getReader === 'function'));
  } catch {
    return false;
  }
}
