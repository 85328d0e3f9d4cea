import { describe, expect, it } from 'vitest';
import { collectSecrets } from './collect-secrets.js';

const PLAIN_URL = 'https://api.example.com/v1/chat/completions';

describe('collectSecrets', () => {
  it('collects the key and credential header values, with and without their scheme', () => {
    const headers = new Headers({
      authorization: 'Bearer tok-1',
      'api-key': 'azure-2',
      'x-goog-api-key': 'g-3',
      'content-type': 'application/json',
      'anthropic-version': '2023-06-01',
    });
    expect([...collectSecrets('key-0', headers, PLAIN_URL)].sort()).toEqual(['Bearer tok-1', 'azure-2', 'g-3', 'key-0', 'tok-1']);
  });

  it('collects the password and the credential-looking query values of the URL, as written and decoded', () => {
    const url = 'https://bot:p%40ss@gw.example.com/v1/chat/completions?api-version=2024-10-21&subscription-key=s%2Fk+1&sig=abc&design=blue';
    expect([...collectSecrets(undefined, new Headers(), url)].sort()).toEqual(['abc', 'p%40ss', 'p@ss', 's%2Fk+1', 's/k 1']);
  });

  it('collects nothing from a URL without credentials', () => {
    expect(collectSecrets(undefined, new Headers(), `${PLAIN_URL}?api-version=2024-10-21`)).toEqual([]);
  });
});
