/**
 * True for the HTTP statuses worth retrying: 408 (timeout), 409 (conflict), 429 (rate limit)
 * and every 5xx. Anything that is not an integer status is not retryable (`false`, never a throw).
 */
export function isRetryableStatus(status: number): boolean {
  if (typeof status !== 'number' || !Number.isInteger(status)) return false;
  return status === 408 || status === 409 || status === 429 || (status >= 500 && status <= 599);
}
