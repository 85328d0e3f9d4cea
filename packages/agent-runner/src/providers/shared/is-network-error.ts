import { isRecord } from './is-record.js';

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
