/**
 * True for HTTP statuses worth retrying: 408 (request timeout), 409 (conflict), 429 (rate
 * limit) and every 5xx (including Anthropic's 529 "overloaded").
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}
