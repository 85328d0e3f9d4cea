import { describe, expect, it } from 'vitest';
import { callDigest } from './call-digest.js';

describe('callDigest', () => {
  it('is the SHA-256 of the canonical text of { callId, toolId, args }, in hex', async () => {
    const expected = await independentSha256('{"args":{"a":null,"b":[1,"é"]},"callId":"c1","toolId":"t"}');
    await expect(callDigest({ callId: 'c1', toolId: 't', args: { b: [1, 'é'], a: null } })).resolves.toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any part of the call, not with key order', async () => {
    const base = await callDigest({ callId: 'c1', toolId: 'refund', args: { orderId: '7', cents: 1299 } });
    await expect(callDigest({ callId: 'c1', toolId: 'refund', args: { cents: 1299, orderId: '7' } })).resolves.toBe(base);
    await expect(callDigest({ callId: 'c1', toolId: 'refund', args: { orderId: '7', cents: 1300 } })).resolves.not.toBe(base);
    await expect(callDigest({ callId: 'c2', toolId: 'refund', args: { orderId: '7', cents: 1299 } })).resolves.not.toBe(base);
    await expect(callDigest({ callId: 'c1', toolId: 'lookup', args: { orderId: '7', cents: 1299 } })).resolves.not.toBe(base);
  });
});

/** SHA-256 by Node's own crypto module (test only: the library uses Web Crypto). */
async function independentSha256(text: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
