import { AgentCoreError, type JsonObject } from '@jangts/agent-types';
import { detailValue, truncateText } from '@jangts/agent-types/internal';
import { isPlainObject } from './is-plain-object.js';
import { isRetryableStatus } from './is-retryable-status.js';
import { readingGuarded } from './reading-guarded.js';

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
 * Creates the `PROVIDER_FAILED` error of the retry convention: `details.retryable` (always
 * present), `details.status` and `details.retryAfterMs` (when known). The runner retries a
 * failure only when it is such an error with `retryable: true` and no chunk has arrived yet,
 * waiting at least `retryAfterMs`.
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the argument when `message` is not a string or an
 * option has the wrong type: `status` an integer from 100 to 599, `retryable` a boolean,
 * `retryAfterMs` a number (dropped unless finite and non-negative), `providerId` a string, `details` a plain object.
 */
export function createProviderError(message: string, options: ProviderErrorOptions = {}): AgentCoreError {
  if (typeof message !== 'string') throw invalid('message', 'must be a string');
  return readingGuarded('INPUT_INVALID', 'options', () => build(message, options));
}

const OPTION_FIELDS = new Set(['status', 'retryable', 'retryAfterMs', 'providerId', 'details', 'cause']);

function build(message: string, options: unknown): AgentCoreError {
  if (options === undefined) options = {};
  if (!isPlainObject(options)) throw invalid('options', 'must be an object { status?, retryable?, retryAfterMs?, providerId?, details?, cause? }');
  const unknown = Object.keys(options).find((key) => !OPTION_FIELDS.has(key));
  if (unknown !== undefined) throw invalid(`options.${truncateText(unknown, 60)}`, 'is not an option (status, retryable, retryAfterMs, providerId, details, cause)');
  const { status, retryAfterMs, providerId, retryable: givenRetryable, details: extra } = options;
  if (status !== undefined && (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599)) {
    throw invalid('options.status', 'must be an HTTP status, an integer from 100 to 599', { minimum: 100, limit: 599, actual: detailValue(status) });
  }
  if (givenRetryable !== undefined && typeof givenRetryable !== 'boolean') throw invalid('options.retryable', 'must be a boolean');
  if (retryAfterMs !== undefined && typeof retryAfterMs !== 'number') throw invalid('options.retryAfterMs', 'must be a number of milliseconds');
  if (providerId !== undefined && typeof providerId !== 'string') throw invalid('options.providerId', 'must be a string');
  if (extra !== undefined && !isPlainObject(extra)) throw invalid('options.details', 'must be a plain object of JSON values');
  const retryable = givenRetryable ?? (status !== undefined && isRetryableStatus(status));
  const details: Record<string, JsonObject[string]> = { ...(extra as JsonObject | undefined), retryable };
  if (status !== undefined) details.status = status;
  // A wait that is not a non-negative finite number is dropped (the server's hint was unreadable).
  if (typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) details.retryAfterMs = retryAfterMs;
  if (providerId !== undefined) details.providerId = providerId;
  return new AgentCoreError('PROVIDER_FAILED', message, { details, cause: options.cause });
}

function invalid(field: string, message: string, extra: JsonObject = {}): AgentCoreError {
  return new AgentCoreError('INPUT_INVALID', `createProviderError: ${field} ${message}`, { details: { field, ...extra } });
}
