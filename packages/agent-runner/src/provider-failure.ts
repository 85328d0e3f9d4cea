/*
 * The retry convention of providers, in one place: the `PROVIDER_FAILED` error a provider raises
 * (`createProviderError`), what makes a failure retryable (`isRetryableStatus`, network errors,
 * conventions of other libraries' errors), the wait a server asks for (`retry-after`), and how
 * the runner reads all of it back (`readRetryHint`).
 */
import { AgentCoreError, type JsonObject } from '@jangts/agent-types';
import { live, parser, reference } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { argumentError, providerFailedError } from './errors.js';

/** Options of {@link createProviderError}. */
export interface ProviderErrorOptions {
  /** HTTP status, when the failure was an HTTP response. */
  readonly status?: number | undefined;
  /**
   * Whether the runner may retry the call (only before the first chunk). Defaults to
   * `isRetryableStatus(status)` when a status is given, else `false`. Mark network errors
   * (connection reset, DNS, fetch failed) `true` explicitly.
   */
  readonly retryable?: boolean | undefined;
  /** The wait the server asked for (`retry-after`), in milliseconds. */
  readonly retryAfterMs?: number | undefined;
  /** Id of the provider that failed. */
  readonly providerId?: string | undefined;
  /** More JSON details (a body excerpt, the wire error type, …); never put the API key here. */
  readonly details?: JsonObject | undefined;
  /** The underlying error. */
  readonly cause?: unknown;
}

/**
 * Schema of {@link ProviderErrorOptions}: `status` an HTTP status (an integer 100–599), `retryable`
 * a boolean, `retryAfterMs` any number (kept only when finite and non-negative), `providerId` a
 * string, `details` a JSON object, `cause` anything. Unknown fields are refused.
 */
export const ProviderErrorOptionsSchema = Type.Object(
  {
    status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
    retryable: Type.Optional(Type.Boolean()),
    retryAfterMs: Type.Optional(reference<number>('a number of milliseconds', (value) => typeof value === 'number')),
    providerId: Type.Optional(Type.String()),
    details: Type.Optional(Type.Unsafe<JsonObject>(Type.Record(Type.String(), Type.Unknown()))),
    cause: Type.Optional(reference<unknown>('any value', () => true)),
  },
  { additionalProperties: false },
);

const CREATE_PROVIDER_ERROR = { subject: 'createProviderError', code: 'INPUT_INVALID', qualify: true } as const;
const errorMessageText = /* @__PURE__ */ parser(Type.String(), { ...CREATE_PROVIDER_ERROR, name: 'message' });
const errorOptions = /* @__PURE__ */ parser(ProviderErrorOptionsSchema, { ...CREATE_PROVIDER_ERROR, name: 'options' });

/** The `PROVIDER_FAILED` error of the retry convention, from options the library built or checked (not re-checked). */
export function buildProviderError(message: string, options: ProviderErrorOptions): AgentCoreError {
  const { status, retryAfterMs, providerId } = options;
  const retryable = options.retryable ?? (status !== undefined && isRetryableStatus(status));
  const details: Record<string, JsonObject[string]> = { ...options.details, retryable };
  if (status !== undefined) details.status = status;
  // A wait that is not a non-negative finite number is dropped (the server's hint was unreadable).
  if (typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) details.retryAfterMs = retryAfterMs;
  if (providerId !== undefined) details.providerId = providerId;
  return providerFailedError(message, details, options.cause);
}

/**
 * Creates the `PROVIDER_FAILED` error of the retry convention: `details.retryable` (always
 * present), `details.status` and `details.retryAfterMs` (when known). The runner retries a
 * failure only when it is such an error with `retryable: true` and no chunk has arrived yet,
 * waiting at least `retryAfterMs`.
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the argument (`message`, `options.status`, …) when
 * `message` is not a string or an option breaks {@link ProviderErrorOptionsSchema}.
 */
export function createProviderError(message: string, options: ProviderErrorOptions = {}): AgentCoreError {
  return buildProviderError(errorMessageText.parse(message), errorOptions.parse(options));
}

/**
 * True for the HTTP statuses worth retrying: 408 (timeout), 409 (conflict), 429 (rate limit)
 * and every 5xx. Anything that is not an integer status is not retryable (`false`, never a throw).
 */
export function isRetryableStatus(status: number): boolean {
  if (typeof status !== 'number' || !Number.isInteger(status)) return false;
  return status === 408 || status === 409 || status === 429 || (status >= 500 && status <= 599);
}

/** The longest wait a `retry-after` value may ask for: about 24.8 days, the `setTimeout` limit. */
const MAX_RETRY_AFTER_MS = 2_147_483_647;

/**
 * Parses an HTTP `retry-after` value into milliseconds: delay-seconds (`"120"`, fractions
 * allowed) or an HTTP date (relative to `now`, clamped at 0). Returns `undefined` for a
 * missing or unreadable value; never throws.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return clamp(Number(text) * 1000);
  // An HTTP date always names its day and month; anything else (`-5`, `1e3`) is unreadable.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at) || typeof now !== 'number' || !Number.isFinite(now)) return undefined;
  return clamp(at - now);
}

/** Schema of what `retryAfterFromHeaders` reads: an object with a `get(name)` method (fetch `Headers`, read once and bound). */
const HeadersSchema = live<{ get(name: string): unknown }>('an object with a get(name) method, as fetch Headers', Type.Object({ get: Type.Function([Type.String()], Type.Unknown()) }));

const RETRY_AFTER_FROM_HEADERS = { subject: 'retryAfterFromHeaders', code: 'INPUT_INVALID', qualify: true } as const;
const headersArgument = /* @__PURE__ */ parser(HeadersSchema, { ...RETRY_AFTER_FROM_HEADERS, name: 'headers' });
const nowArgument = /* @__PURE__ */ parser(Type.Number(), { ...RETRY_AFTER_FROM_HEADERS, name: 'now' });

/**
 * Reads the wait a response asks for from its headers: `retry-after-ms` (milliseconds, sent
 * by OpenAI-compatible servers) first, then `retry-after`. Returns `undefined` when neither is
 * present or readable.
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the argument when `headers` has no `get` method
 * (or its `get` throws), or `now` is not a finite number (milliseconds since the epoch).
 */
export function retryAfterFromHeaders(headers: { get(name: string): string | null }, now: number = Date.now()): number | undefined {
  // The door bound `get` to the App's headers.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { get } = headersArgument.parse(headers);
  const at = nowArgument.parse(now);
  let milliseconds: unknown;
  let seconds: unknown;
  try {
    milliseconds = get('retry-after-ms');
    seconds = get('retry-after');
  } catch (error) {
    throw argumentError({ ...RETRY_AFTER_FROM_HEADERS, name: 'headers' }, { path: [], rule: 'readable', problem: 'could not be read (its get threw)', cause: error });
  }
  const text = typeof milliseconds === 'string' ? milliseconds.trim() : undefined;
  if (text !== undefined && /^\d+(\.\d+)?$/.test(text)) return clamp(Number(text));
  return parseRetryAfter(typeof seconds === 'string' ? seconds : undefined, at);
}

function clamp(milliseconds: number): number {
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.ceil(milliseconds)));
}

/** Whether a failure may be retried, and the wait the provider asked for. */
export interface RetryHint {
  readonly retryable: boolean;
  /** Milliseconds the server asked to wait (`retry-after`), when it did. */
  readonly retryAfterMs?: number | undefined;
}

/**
 * Reads the retry convention from a thrown value: only a `PROVIDER_FAILED`
 * {@link AgentCoreError} whose `details.retryable` is `true` is retryable;
 * `details.retryAfterMs` (a non-negative number) is the wait it asks for. Never throws.
 */
export function readRetryHint(error: unknown): RetryHint {
  try {
    if (!AgentCoreError.isInstance(error) || error.code !== 'PROVIDER_FAILED') return { retryable: false };
    const { retryable, retryAfterMs } = error.details;
    if (retryable !== true) return { retryable: false };
    if (typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) return { retryable: true, retryAfterMs };
    return { retryable: true };
  } catch {
    return { retryable: false }; // a hostile error (a throwing getter or proxy) says nothing retryable
  }
}

/** What a thrown value that is not an `AgentCoreError` says of itself by common conventions. */
export interface ConventionalFailure {
  readonly retryable: boolean;
  /** The HTTP status it carries (`status` or `statusCode`), when it carries one. */
  readonly status?: number;
}

function readField(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined; // a throwing getter says nothing
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads a failure thrown by a provider written without `createProviderError`: retryable when it
 * says so itself (`isRetryable: true`, as the AI SDK's `APICallError`), carries a retryable HTTP
 * status (`status` or `statusCode`: 408, 409, 429, 5xx, as the HTTP clients' errors), or is a
 * network error by the HTTP providers' own test ({@link isNetworkError}: a code such as
 * `ECONNRESET` along its `cause` chain, or undici's `fetch failed`). Never throws.
 */
export function readConventionalFailure(error: unknown): ConventionalFailure {
  const statusField = readField(error, 'status') ?? readField(error, 'statusCode');
  const status = typeof statusField === 'number' && Number.isInteger(statusField) && statusField >= 100 && statusField <= 599 ? statusField : undefined;
  const retryable = readField(error, 'isRetryable') === true || (status !== undefined && isRetryableStatus(status)) || isNetworkError(error);
  return status === undefined ? { retryable } : { retryable, status };
}

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const NETWORK_MESSAGES = new Set(['fetch failed', 'failed to fetch', 'terminated', 'network error', 'load failed']);

/**
 * True when `error` is a transport failure (connection refused or reset, DNS, socket closed,
 * body terminated, a `TimeoutError` of the App's `AbortSignal.timeout()`): what `fetch` and a response body's reader throw when the network fails. It
 * looks through `cause` chains, since `fetch` wraps the socket error. Never throws.
 */
export function isNetworkError(error: unknown): boolean {
  let current: unknown = error;
  try {
    for (let depth = 0; depth < 5 && isRecord(current); depth += 1) {
      if (typeof current.code === 'string' && NETWORK_CODES.has(current.code)) return true;
      // `AbortSignal.timeout()` in the App's own fetch wrapper: a request timeout, as ETIMEDOUT.
      if (typeof DOMException === 'function' && current instanceof DOMException && current.name === 'TimeoutError') return true;
      if (current instanceof TypeError && NETWORK_MESSAGES.has(current.message.toLowerCase())) return true;
      current = current.cause;
    }
  } catch {
    // A throwing getter or proxy (thrown by a hand-written provider) says nothing of the network.
  }
  return false;
}

/**
 * What a provider knows about one failure. `retryable` says whether a fresh attempt may succeed
 * (network errors, HTTP 408/409/429/5xx, overload); the runner retries only before the first
 * chunk, waiting at least `retryAfterMs` when given.
 */
export interface ProviderFailureDetails {
  /** Which provider failed, e.g. `openai-compatible` (becomes `details.providerId`). */
  readonly provider: string;
  /** Whether another attempt may succeed. */
  readonly retryable: boolean;
  /** HTTP status of the response, when the failure is an HTTP error. */
  readonly status?: number;
  /** The start of the response body or of the offending event data, secrets redacted. */
  readonly bodyExcerpt?: string;
  /** How long the server asked to wait before retrying (`retry-after`), in milliseconds. */
  readonly retryAfterMs?: number;
  /** The wire error type, e.g. `overloaded_error`, when the server named one. */
  readonly errorType?: string;
  /** The origin of the endpoint, for a redirect that was refused. */
  readonly endpointOrigin?: string;
  /** The origin a refused redirect pointed to, when it is another one. */
  readonly redirectOrigin?: string;
  /** The limit that was reached (the most redirects followed). */
  readonly limit?: number;
}

/**
 * Builds the `PROVIDER_FAILED` error every provider raises, in the runner's retry convention
 * (`createProviderError`): `details.retryable` always, `status`, `retryAfterMs`, `providerId`,
 * `bodyExcerpt`, `errorType` and the redirect fields when known. The message starts with the provider name.
 */
export function providerFailure(message: string, details: ProviderFailureDetails, cause?: unknown): AgentCoreError {
  return buildProviderError(`${details.provider} provider: ${message}`, {
    retryable: details.retryable,
    providerId: details.provider,
    ...(details.status === undefined ? {} : { status: details.status }),
    ...(details.retryAfterMs === undefined ? {} : { retryAfterMs: details.retryAfterMs }),
    details: {
      ...(details.bodyExcerpt === undefined ? {} : { bodyExcerpt: details.bodyExcerpt }),
      ...(details.errorType === undefined ? {} : { errorType: details.errorType }),
      ...(details.endpointOrigin === undefined ? {} : { endpointOrigin: details.endpointOrigin }),
      ...(details.redirectOrigin === undefined ? {} : { redirectOrigin: details.redirectOrigin }),
      ...(details.limit === undefined ? {} : { limit: details.limit }),
    },
    ...(cause === undefined ? {} : { cause }),
  });
}
