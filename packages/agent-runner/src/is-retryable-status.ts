/**
 * True for the HTTP statuses worth retrying: 408 (timeout), 409 (conflict), 429 (rate limit)
 * and every 5xx.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || (status >= 500 && status <= 599);
}
