/**
 * How long a response asks the client to wait before retrying, in milliseconds, or `undefined`
 * when it does not say. Reads `retry-after-ms` (milliseconds, sent by OpenAI and Anthropic)
 * first, then `retry-after` as delay-seconds (fractions allowed) or as an HTTP date (relative to
 * `now`; a date in the past is 0).
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const milliseconds = parseNonNegative(headers.get('retry-after-ms'));
  if (milliseconds !== undefined) return Math.round(milliseconds);
  const value = headers.get('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  const seconds = parseNonNegative(value);
  if (seconds !== undefined) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function parseNonNegative(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}
