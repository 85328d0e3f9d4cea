import { describe, expect, it } from 'vitest';
import { readConventionalFailure } from './conventional-failure.js';

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
