import { describe, expect, it } from 'vitest';
import { httpStatusFailure } from './http-status-failure.js';
import { MAX_ERROR_BODY_BYTES } from './read-body-text.js';

describe('httpStatusFailure', () => {
  it('names the status and the error message of an OpenAI-style body', async () => {
    const response = new Response('{"error":{"message":"Model not found","type":"invalid_request_error","code":"model_not_found"}}', {
      status: 404,
      statusText: 'Not Found',
    });
    const error = await httpStatusFailure('p', response, []);
    expect(error.message).toBe('p provider: HTTP 404 Not Found: Model not found');
    expect(error.details).toMatchObject({ status: 404, retryable: false, errorType: 'invalid_request_error' });
  });

  it.each([408, 409, 429, 500, 502, 503, 504, 529])('marks HTTP %i retryable', async (status) => {
    const error = await httpStatusFailure('p', new Response('', { status }), []);
    expect(error.details.retryable).toBe(true);
  });

  it.each([400, 401, 403, 404, 413, 422])('marks HTTP %i not retryable', async (status) => {
    const error = await httpStatusFailure('p', new Response('', { status }), []);
    expect(error.details.retryable).toBe(false);
  });

  it('prefers retry-after-ms over retry-after', async () => {
    const response = new Response('', { status: 429, headers: { 'retry-after-ms': '250', 'retry-after': '9' } });
    expect((await httpStatusFailure('p', response, [])).details.retryAfterMs).toBe(250);
  });

  it('reads a huge error body only up to its limit', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024).fill(120));
      },
    });
    const error = await httpStatusFailure('p', new Response(endless, { status: 500 }), []);
    expect(pulled).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES / 1024 + 2);
    expect((error.details.bodyExcerpt as string).length).toBeLessThanOrEqual(1001);
  });
});
