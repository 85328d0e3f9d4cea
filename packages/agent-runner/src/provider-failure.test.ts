import { AgentCoreError } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { createProviderError, isNetworkError, isRetryableStatus, parseRetryAfter, readConventionalFailure, readRetryHint, retryAfterFromHeaders } from './provider-failure.js';

describe('createProviderError', () => {
  it('names the rule, the bound crossed and the value of a bad status', () => {
    expect(() => createProviderError('m', { status: 99 })).toThrow(
      expect.objectContaining({
        code: 'INPUT_INVALID',
        message: 'createProviderError: options.status must be an integer from 100 to 599 (got 99)',
        details: expect.objectContaining({ field: 'options.status', rule: 'range', limit: 100, actual: 99 }) as object,
      }),
    );
  });

  it('marks a retryable HTTP status retryable and keeps status, retry-after and provider id', () => {
    const cause = new Error('HTTP 429');
    const error = createProviderError('rate limited', { status: 429, retryAfterMs: 2000, providerId: 'openai', details: { body: 'slow down' }, cause });
    expect(error).toBeInstanceOf(AgentCoreError);
    expect(error.code).toBe('PROVIDER_FAILED');
    expect(error.details).toEqual({ body: 'slow down', retryable: true, status: 429, retryAfterMs: 2000, providerId: 'openai' });
    expect(error.cause).toBe(cause);
  });

  it('is not retryable by default, and not for a 4xx other than 408, 409 and 429', () => {
    expect(createProviderError('x').details).toEqual({ retryable: false });
    expect(createProviderError('x', { status: 400 }).details.retryable).toBe(false);
  });

  it('lets an explicit retryable flag win over the status', () => {
    expect(createProviderError('x', { status: 500, retryable: false }).details.retryable).toBe(false);
    expect(createProviderError('network', { retryable: true }).details.retryable).toBe(true);
  });

  it('drops a retry-after that is not a non-negative number', () => {
    expect(createProviderError('x', { retryAfterMs: Number.NaN }).details).not.toHaveProperty('retryAfterMs');
  });
});

describe('isRetryableStatus', () => {
  it('accepts 408, 409, 429 and 5xx only', () => {
    expect([408, 409, 429, 500, 503, 599].every(isRetryableStatus)).toBe(true);
    expect([200, 400, 401, 403, 404, 422, 600].some(isRetryableStatus)).toBe(false);
  });
});

describe('readRetryHint', () => {
  it('reads retryable and retry-after from a PROVIDER_FAILED error', () => {
    expect(readRetryHint(createProviderError('x', { status: 503, retryAfterMs: 5 }))).toEqual({ retryable: true, retryAfterMs: 5 });
    expect(readRetryHint(createProviderError('x', { status: 503 }))).toEqual({ retryable: true });
  });

  it('treats everything else as not retryable', () => {
    expect(readRetryHint(new Error('x'))).toEqual({ retryable: false });
    expect(readRetryHint(new AgentCoreError('TIMEOUT', 'x', { details: { retryable: true } }))).toEqual({ retryable: false });
    expect(readRetryHint(new AgentCoreError('PROVIDER_FAILED', 'x', { details: { retryable: 'yes' } }))).toEqual({ retryable: false });
    expect(readRetryHint(undefined)).toEqual({ retryable: false });
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter(' 1.5 ')).toBe(1500);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
  });

  it('returns undefined for a missing or unreadable value', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('')).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-5')).toBeUndefined();
  });
});

describe('retryAfterFromHeaders', () => {
  it('prefers retry-after-ms over retry-after', () => {
    expect(retryAfterFromHeaders(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterFromHeaders(new Headers())).toBeUndefined();
  });
});

describe('readConventionalFailure', () => {
  it('reads status, statusCode, isRetryable and network codes', () => {
    expect(readConventionalFailure({ status: 502 })).toEqual({ retryable: true, status: 502 });
    expect(readConventionalFailure({ statusCode: 404 })).toEqual({ retryable: false, status: 404 });
    expect(readConventionalFailure({ isRetryable: true })).toEqual({ retryable: true });
    expect(readConventionalFailure({ cause: { code: 'UND_ERR_SOCKET' } })).toEqual({ retryable: true });
    expect(readConventionalFailure({ code: 'ENOENT' })).toEqual({ retryable: false });
  });

  it('ignores what is not a status, and never throws', () => {
    expect(readConventionalFailure({ status: '503' })).toEqual({ retryable: false });
    expect(readConventionalFailure({ status: 5030 })).toEqual({ retryable: false });
    expect(readConventionalFailure(new TypeError('boom'))).toEqual({ retryable: false });
    expect(readConventionalFailure(undefined)).toEqual({ retryable: false });
    const hostile = new Proxy({}, { get: () => { throw new Error('no'); } });
    expect(readConventionalFailure(hostile)).toEqual({ retryable: false });
  });
});

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
