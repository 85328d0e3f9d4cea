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
    const url = 'https://bot:p%40ss@gw.example.com/v1/chat/completions?api-version=2024-10-21&subscription-key=s%2Fk+1&sig=abcd&design=blue';
    expect([...collectSecrets(undefined, new Headers(), url)].sort()).toEqual(['abcd', 'bot:p%40ss', 'bot:p@ss', 'p%40ss', 'p@ss', 's%2Fk+1', 's/k 1']);
  });

  it('collects the bare values of credential-looking names in a cookie list or key=value pairs, not the others', () => {
    const headers = new Headers({
      cookie: 'session=SECRET-1; theme=dark; connect.sid="s%3Aabc"; PHPSESSID=php-4; lang=en',
      'x-auth': 'token=tok-2, user=alice, sid=sid-3',
      'x-plain': 'token=not-a-credential-header',
    });
    const secrets = collectSecrets(undefined, headers, PLAIN_URL);
    for (const secret of ['SECRET-1', '"s%3Aabc"', 's%3Aabc', 's:abc', 'php-4', 'tok-2', 'sid-3']) expect(secrets).toContain(secret);
    for (const kept of ['dark', 'en', 'alice', 'not-a-credential-header']) expect(secrets).not.toContain(kept);
  });

  it('takes no padding or scheme for a pair: a Bearer token ending in = stays whole', () => {
    const secrets = collectSecrets(undefined, new Headers({ authorization: 'Bearer my-key==' }), PLAIN_URL);
    expect([...secrets].sort()).toEqual(['Bearer my-key==', 'my-key==']);
  });

  it('collects nothing from a URL without credentials', () => {
    expect(collectSecrets(undefined, new Headers(), `${PLAIN_URL}?api-version=2024-10-21`)).toEqual([]);
  });

  it('leaves out a value shorter than 4 characters found inside a header value or the URL (it would redact every "1" of an error)', () => {
    const headers = new Headers({ cookie: 'token=1; session=s3cr3t-cookie' });
    expect([...collectSecrets(undefined, headers, `${PLAIN_URL}?sig=ab&key=long-key`)].sort()).toEqual(['long-key', 's3cr3t-cookie', 'session=s3cr3t-cookie', 'token=1; session=s3cr3t-cookie']);
  });

  it('collects the user info whole and a user name that may be a token, but no plain word or number from inside a value', () => {
    const headers = new Headers({ cookie: 'authenticated=true; session_active=null; visits=1234; session=s3cr3t-cookie' });
    expect([...collectSecrets(undefined, headers, 'https://bob:pw1@gw.example.com/v1')].sort()).toEqual([
      'authenticated=true; session_active=null; visits=1234; session=s3cr3t-cookie',
      'bob:pw1',
      's3cr3t-cookie',
      'session_active=null; visits=1234; session=s3cr3t-cookie',
    ]);
    expect(collectSecrets(undefined, new Headers(), 'https://sk-live-abcdef123456@gw.example.com/v1')).toEqual(['sk-live-abcdef123456']);
  });
});
