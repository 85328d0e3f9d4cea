const RETRYABLE_TYPE = /overload|rate.?limit|server.?error|api_error|timeout|unavailable|internal/i;

/**
 * True when a wire error type or code names a transient failure (`overloaded_error`,
 * `rate_limit_error`, `server_error`, `api_error`, `timeout_error`, `service_unavailable`, …),
 * as sent in mid-stream `error` events by Anthropic and by OpenAI-compatible servers.
 */
export function isRetryableErrorType(type: string | undefined): boolean {
  return type !== undefined && RETRYABLE_TYPE.test(type);
}
