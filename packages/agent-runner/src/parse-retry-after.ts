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
  if (Number.isNaN(at)) return undefined;
  return clamp(at - now);
}

/**
 * Reads the wait a response asks for from its headers: `retry-after-ms` (milliseconds, sent
 * by OpenAI-compatible servers) first, then `retry-after`. Returns `undefined` when neither is
 * present or readable.
 */
export function retryAfterFromHeaders(headers: { get(name: string): string | null }, now: number = Date.now()): number | undefined {
  const milliseconds = headers.get('retry-after-ms')?.trim();
  if (milliseconds !== undefined && /^\d+(\.\d+)?$/.test(milliseconds)) return clamp(Number(milliseconds));
  return parseRetryAfter(headers.get('retry-after'), now);
}

function clamp(milliseconds: number): number {
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.ceil(milliseconds)));
}
