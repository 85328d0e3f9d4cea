import { describe, expect, it } from 'vitest';
import { collectSecrets } from './collect-secrets.js';

describe('collectSecrets', () => {
  it('collects the key and credential header values, with and without their scheme', () => {
    const headers = new Headers({
      authorization: 'Bearer tok-1',
      'api-key': 'azure-2',
      'x-goog-api-key': 'g-3',
      'content-type': 'application/json',
      'anthropic-version': '2023-06-01',
    });
    expect([...collectSecrets('key-0', headers)].sort()).toEqual(['Bearer tok-1', 'azure-2', 'g-3', 'key-0', 'tok-1']);
  });
});
