import type { AgentCoreError } from '@jangts/agent-types';
import { providerAbortedError } from '../../errors.js';
import { excerpt } from '../shared/excerpt.js';
import { describeEndpoint } from './describe-endpoint.js';
import { thrownMessage } from '../shared/thrown-message.js';
import { isNetworkError, providerFailure } from '../../provider-failure.js';

/** Most redirects followed for one request (each to the endpoint's own origin). */
export const MAX_REDIRECTS = 5;

/** Redirects that keep the method and the body: followed when they stay on the endpoint's origin. */
const FOLLOWED_REDIRECTS: ReadonlySet<number> = new Set([307, 308]);
/** Redirects after which fetch would send a GET without the body: refused, never followed. */
const METHOD_CHANGING_REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303]);

/** One JSON POST to a provider's endpoint. */
export interface PostJsonRequest {
  /** Provider name used in error messages. */
  readonly provider: string;
  readonly url: string;
  readonly headers: Headers;
  /** The JSON text of the body (sent again on each redirect followed). */
  readonly body: string;
  /** The `fetch` to call (the global one unless the App injected its own). */
  readonly fetch: typeof globalThis.fetch;
  /** Aborts the request. */
  readonly signal: AbortSignal;
  /** Secrets to redact from the error of a failed `fetch`, before it is cut to an excerpt. */
  readonly secrets: readonly string[];
}

/**
 * POSTs `request.body` with `redirect: 'manual'`, so that the headers (the API key, the App's
 * credential headers) never reach an origin other than the endpoint's: fetch itself drops only
 * `Authorization` on a cross-origin redirect. A 307 or 308 to the same origin is followed (the
 * same method, headers and body), at most {@link MAX_REDIRECTS} times; any other outcome of a
 * redirect is `PROVIDER_FAILED` with `retryable: false` and nothing sent: a redirect to another
 * origin (the message and `details.endpointOrigin` / `details.redirectOrigin` name both origins,
 * never a path or query), a 301/302/303 (fetch would turn the POST into a GET), a redirect
 * without a valid `location`, one hop too many, and a browser's `opaqueredirect` response (the
 * browser hides the target). Resolves to the first response that is not such a redirect, whatever
 * its status. A network error is `PROVIDER_FAILED` (`retryable: true`; any other `fetch`
 * rejection is not), a value that is not a `Response` too; the caller's signal gives `ABORTED`.
 */
export async function postJson(request: PostJsonRequest): Promise<Response> {
  const { provider } = request;
  const endpointOrigin = new URL(request.url).origin;
  let url = request.url;
  for (let redirects = 0; ; redirects += 1) {
    const response = await send(request, url);
    if (readField(response, 'type') === 'opaqueredirect') {
      throw refused('the endpoint answered with a redirect whose target this runtime hides (an opaque redirect); it is not followed, so that no credential goes to another origin: set baseURL to the final address', { endpointOrigin });
    }
    const { status } = response;
    if (!FOLLOWED_REDIRECTS.has(status) && !METHOD_CHANGING_REDIRECTS.has(status)) return response;
    await discardBody(response);
    const location = redirectTarget(response, url);
    if (location === undefined) throw refused(`HTTP ${status} is a redirect without a valid location`, { status, endpointOrigin });
    if (location.origin !== endpointOrigin) {
      throw refused(`refused the HTTP ${status} redirect from ${endpointOrigin} to ${location.origin}: credentials are never sent to another origin (set baseURL to the new address if you trust it)`, {
        status,
        endpointOrigin,
        redirectOrigin: location.origin,
      });
    }
    if (METHOD_CHANGING_REDIRECTS.has(status)) {
      throw refused(`HTTP ${status} redirects to ${describeEndpoint(location.href)}: only 307 and 308 are followed, since fetch turns a redirected POST into a GET without its body (set baseURL to the new address)`, { status, endpointOrigin });
    }
    if (redirects === MAX_REDIRECTS) throw refused(`more than ${MAX_REDIRECTS} redirects`, { status, endpointOrigin, limit: MAX_REDIRECTS });
    url = location.href;
  }

  function refused(message: string, details: { status?: number; endpointOrigin: string; redirectOrigin?: string; limit?: number }): AgentCoreError {
    return providerFailure(message, { provider, retryable: false, ...details });
  }
}

/** One fetch of `url`: the response, after the checks every hop needs. */
async function send(request: PostJsonRequest, url: string): Promise<Response> {
  const { provider, secrets, signal } = request;
  let response: Response;
  try {
    response = await request.fetch(url, { method: 'POST', headers: request.headers, body: request.body, signal, redirect: 'manual' });
  } catch (error) {
    if (signal.aborted) throw providerAbortedError(provider, signal);
    // The whole message is redacted before it is cut, so that no prefix of a secret survives the cut.
    const reason = excerpt(thrownMessage(error), secrets);
    throw providerFailure(`network error calling ${describeEndpoint(url)}: ${reason}`, { provider, retryable: isNetworkError(error) }, error);
  }
  if (!isResponseLike(response)) {
    throw providerFailure('fetch did not resolve to a Response (an object with ok, status and a readable body)', { provider, retryable: false });
  }
  // An App fetch that ignores the signal may answer after the abort: nobody reads this response.
  if (signal.aborted) {
    await discardBody(response);
    throw providerAbortedError(provider, signal);
  }
  return response;
}

/** The absolute target of a redirect response, resolved against `url`; `undefined` when it has none or it is not a URL. */
function redirectTarget(response: Response, url: string): URL | undefined {
  try {
    const location = response.headers.get('location');
    return location === null ? undefined : new URL(location, url);
  } catch {
    return undefined;
  }
}

function readField(value: object, key: string): unknown {
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** Cancels a body nobody reads, so that its connection is released; never throws. */
async function discardBody(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // A body that cannot be cancelled is left to the garbage collector.
  }
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
