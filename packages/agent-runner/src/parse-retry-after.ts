import { AgentCoreError } from '@jangts/agent-types';
import { readingGuarded } from './reading-guarded.js';

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

/**
 * Reads the wait a response asks for from its headers: `retry-after-ms` (milliseconds, sent
 * by OpenAI-compatible servers) first, then `retry-after`. Returns `undefined` when neither is
 * present or readable.
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the argument when `headers` has no `get` method
 * (or its `get` throws), or `now` is not a finite number.
 */
export function retryAfterFromHeaders(headers: { get(name: string): string | null }, now: number = Date.now()): number | undefined {
  if (typeof now !== 'number' || !Number.isFinite(now)) throw invalid('now', 'must be a finite number (milliseconds since the epoch)');
  const [milliseconds, seconds] = readingGuarded('INPUT_INVALID', 'headers', () => {
    if (typeof headers !== 'object' || headers === null || typeof headers.get !== 'function') throw invalid('headers', 'must have a get(name) method, as fetch Headers');
    return [headers.get('retry-after-ms'), headers.get('retry-after')];
  });
  const text = typeof milliseconds === 'string' ? milliseconds.trim() : undefined;
  if (text !== undefined && /^\d+(\.\d+)?$/.test(text)) return clamp(Number(text));
  return parseRetryAfter(seconds, now);
}

function invalid(field: string, message: string): AgentCoreError {
  return new AgentCoreError('INPUT_INVALID', `retryAfterFromHeaders: ${field} ${message}`, { details: { field } });
}

function clamp(milliseconds: number): number {
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.ceil(milliseconds)));
}
