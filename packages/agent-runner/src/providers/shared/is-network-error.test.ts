import { describe, expect, it } from 'vitest';
import { isNetworkError } from './is-network-error.js';

describe('isNetworkError', () => {
  it('recognises fetch failures through their cause chain', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isNetworkError(new TypeError('fetch failed', { cause: refused }))).toBe(true);
    expect(isNetworkError(new TypeError('terminated'))).toBe(true);
    expect(isNetworkError(Object.assign(new Error('x'), { cause: { code: 'UND_ERR_SOCKET' } }))).toBe(true);
  });

  it("takes the TimeoutError of an App fetch's AbortSignal.timeout() for a network timeout", () => {
    expect(isNetworkError(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe(true);
    expect(isNetworkError(new DOMException('This operation was aborted', 'AbortError'))).toBe(false);
    // Another library's TimeoutError (a promise deadline) says nothing of the network.
    expect(isNetworkError(Object.assign(new Error('timed out'), { name: 'TimeoutError' }))).toBe(false);
  });

  it('does not take other errors for network errors', () => {
    expect(isNetworkError(new TypeError('Failed to parse URL from nope'))).toBe(false);
    expect(isNetworkError(new Error('fetch failed'))).toBe(false);
    expect(isNetworkError('ECONNRESET')).toBe(false);
    expect(isNetworkError(undefined)).toBe(false);
  });
});
