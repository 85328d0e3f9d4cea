import { inspect } from 'node:util';
import { AgentCoreError } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectSecrets, REDACTED, redactFailure, redactSecrets } from './secrets.js';

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

  it('takes a value shorter than 4 characters found inside a header value or the URL only with its name (alone it would redact every "1" of an error)', () => {
    const headers = new Headers({ cookie: 'token=1; session=s3cr3t-cookie' });
    expect([...collectSecrets(undefined, headers, `${PLAIN_URL}?sig=ab&key=long-key`)].sort()).toEqual([
      'long-key',
      's3cr3t-cookie',
      'session=s3cr3t-cookie',
      'sig=ab',
      'token=1',
      'token=1; session=s3cr3t-cookie',
    ]);
    expect(collectSecrets(undefined, new Headers(), 'https://ab@gw.example.com/v1')).toEqual(['//ab@']);
  });

  it('collects the user info whole and a user name that may be a token, and a plain word or number from inside a value only with its name', () => {
    const headers = new Headers({ cookie: 'authenticated=true; session_active=null; visits=1234; session=s3cr3t-cookie' });
    expect([...collectSecrets(undefined, headers, 'https://bob:pw1@gw.example.com/v1')].sort()).toEqual([
      'authenticated=true',
      'authenticated=true; session_active=null; visits=1234; session=s3cr3t-cookie',
      'bob:pw1',
      's3cr3t-cookie',
      'session_active=null',
      'session_active=null; visits=1234; session=s3cr3t-cookie',
    ]);
    expect(collectSecrets(undefined, new Headers(), 'https://sk-live-abcdef123456@gw.example.com/v1')).toEqual(['sk-live-abcdef123456']);
  });
});

describe('collectSecrets and redactSecrets', () => {
  it('redacts a short credential where a header or URL names it, and leaves the same characters alone elsewhere', () => {
    const secrets = collectSecrets(undefined, new Headers({ cookie: 'token=1' }), `${PLAIN_URL}?sig=ab`);
    const text = 'HTTP 401: token=1 refused for /v1?sig=ab (retry 1, about)';
    expect(redactSecrets(text, secrets)).toBe('HTTP 401: [redacted] refused for /v1?[redacted] (retry 1, about)');
  });
});

describe('redactSecrets', () => {
  it('replaces every occurrence, the longest secret first', () => {
    expect(redactSecrets('Bearer abc123 / abc123 / abc', ['abc', 'Bearer abc123', 'abc123'])).toBe('[redacted] / [redacted] / [redacted]');
  });

  it('replaces the spellings a server may echo a key in: JSON-escaped, with an escaped slash, URL-encoded', () => {
    const key = 'AbC1/dEf2+GhI3=="x\\';
    const body = JSON.stringify({ error: { message: `bad key ${key}` } });
    const escapedSlash = body.replaceAll('/', '\\/');
    for (const text of [body, escapedSlash, `url: ?key=${encodeURIComponent(key)}`, `raw ${key}`]) {
      const redacted = redactSecrets(text, [key]);
      expect(redacted).toContain('[redacted]');
      expect(redacted).not.toContain('AbC1');
    }
  });

  it('replaces a key echoed with \\u escapes (HTML-safe JSON encoders), lower-case percent-encoding, or a mix', () => {
    const key = 'key-with&amp<x>"/😀';
    const uEscape = (text: string, upper: boolean) =>
      Array.from(text).map((character) => [...Array(character.length).keys()].map((index) => `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`).join('')).map((escaped) => (upper ? escaped.toUpperCase().replaceAll('\\U', '\\u') : escaped)).join('');
    const htmlSafe = `{"error":{"message":"bad key ${key.replace('&', '\\u0026').replace('<', '\\u003c').replace('>', '\\u003e').replace('"', '\\u0022')}"}}`;
    const texts = [htmlSafe, uEscape(key, false), uEscape(key, true), encodeURIComponent(key).toLowerCase(), `${key.slice(0, 4)}${uEscape(key.slice(4, 9), false)}${encodeURIComponent(key.slice(9))}`];
    for (const text of texts) {
      const redacted = redactSecrets(text, [key]);
      expect(redacted, text).toContain('[redacted]');
      expect(redacted, text).not.toMatch(/with|0026|%26/i);
    }
  });

  it('replaces a key echoed form-encoded, with + for a space', () => {
    const key = 'pass phrase/1';
    for (const text of ['key=pass+phrase%2F1', 'key=pass+phrase/1', 'key=pass%20phrase%2f1']) {
      expect(redactSecrets(text, [key]), text).toBe('key=[redacted]');
    }
  });

  it('replaces a key whose characters look like escapes, written as is, JSON-escaped or URL-encoded', () => {
    const key = 'k%41\\u0042+c';
    for (const text of [`a ${key} b`, `a ${JSON.stringify(key).slice(1, -1)} b`, `a ${encodeURIComponent(key)} b`]) {
      expect(redactSecrets(text, [key]), text).toBe('a [redacted] b');
    }
  });

  it('replaces a half of a surrogate pair with the whole escape that holds it', () => {
    expect(redactSecrets('x %F0%9F%98%80 y', ['\ud83d'])).toBe('x [redacted] y');
  });

  it('makes one marker of overlapping and adjacent occurrences', () => {
    expect(redactSecrets('aaaaa-abab', ['aa', 'ab'])).toBe('[redacted]-[redacted]');
  });

  it('ignores empty secrets', () => {
    expect(redactSecrets('text', [''])).toBe('text');
  });

  it('finishes on a 1 MiB body of backslashes with a secret of 20 backslashes (a regular expression built from it backtracked for seconds)', () => {
    const secret = '\\'.repeat(20);
    expect(redactSecrets('\\'.repeat(1 << 20), [secret])).toBe(REDACTED);
    const body = `${'\\'.repeat(1 << 19)}x${'\\\\'.repeat(1 << 18)}`;
    expect(redactSecrets(body, [secret])).toBe(`${REDACTED}x${REDACTED}`);
  });
});

/** Characters regular expressions, JSON and URLs treat specially, and some beyond ASCII. */
const TRICKY = ['\\', '\\\\', '"', '/', '%', '%2', '%41', '+', ' ', '.', '*', '?', '(', ')', '[', ']', '{', '}', '|', '^', '$', 'u', '\\u00', '0', 'a', 'é', '😀', '中', '\u2028'];
const secretCharacter = fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }));
const secretArbitrary = fc.string({ unit: secretCharacter, minLength: 1, maxLength: 24 });

/** The ways a server may write a secret into a body. */
const SPELLINGS: readonly ((secret: string) => string)[] = [
  (secret) => secret,
  (secret) => JSON.stringify(secret).slice(1, -1),
  (secret) => JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/'),
  (secret) => Array.from(secret, (character) => [...Array(character.length).keys()].map((index) => `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`).join('')).join(''),
  (secret) => encodeURIComponent(secret),
  (secret) => encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
  (secret) => new URLSearchParams({ s: secret }).toString().slice(2),
];

/** The parts of a redacted text between its markers, joined by a character no generated secret holds. */
const outsideMarkers = (text: string) => text.split(REDACTED).join('\u0000');

describe('redactSecrets properties', () => {
  it('leaves no secret outside the markers, whatever the secrets and the text around them', () => {
    fc.assert(
      fc.property(
        fc.array(secretArbitrary, { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(fc.string({ unit: secretCharacter, maxLength: 12 }), fc.nat(), fc.nat({ max: SPELLINGS.length - 1 })), { maxLength: 6 }),
        (secrets, pieces) => {
          const body = pieces.map(([filler, which, spelling]) => `${filler}${SPELLINGS[spelling]!(secrets[which % secrets.length]!)}`).join('');
          const redacted = outsideMarkers(redactSecrets(body, secrets));
          for (const secret of secrets) expect(redacted).not.toContain(secret);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('leaves no spelling of a secret outside the markers when the text around it holds no escape', () => {
    const plain = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '.', '"', '/', 'é', '😀', ':', '='), maxLength: 8 });
    fc.assert(
      fc.property(
        fc.array(secretArbitrary, { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(plain, fc.nat(), fc.nat({ max: SPELLINGS.length - 1 })), { minLength: 1, maxLength: 6 }),
        (secrets, pieces) => {
          const body = pieces.map(([filler, which, spelling]) => `${filler} ${SPELLINGS[spelling]!(secrets[which % secrets.length]!)} `).join('');
          const redacted = outsideMarkers(redactSecrets(body, secrets));
          for (const [, which, spelling] of pieces) expect(redacted).not.toContain(SPELLINGS[spelling]!(secrets[which % secrets.length]!));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('redactFailure', () => {
  const KEY = 'sk-live-Qm4vX9tZ';
  const views = (value: unknown) => `${inspect(value, { depth: 30, showHidden: true })}${JSON.stringify(value)}`;

  it('redacts the message, every string of the details and the stack of an AgentCoreError', () => {
    const error = new AgentCoreError('PROVIDER_FAILED', `HTTP 401 Bearer ${KEY}`, { details: { errorType: `bad:${KEY}`, nested: { list: [`x ${KEY}`, 1] } } });
    const redacted = redactFailure(error, [KEY]) as AgentCoreError;
    expect(redacted).toMatchObject({ code: 'PROVIDER_FAILED', message: 'HTTP 401 Bearer [redacted]', details: { errorType: 'bad:[redacted]', nested: { list: ['x [redacted]', 1] } } });
    expect(redacted.stack).toContain('HTTP 401 Bearer [redacted]');
    expect(views(redacted)).not.toContain(KEY);
  });

  it('returns an error without a secret, and its cause, as they are', () => {
    const cause = Object.assign(new TypeError('fetch failed'), { code: 'ECONNREFUSED' });
    const error = new AgentCoreError('PROVIDER_FAILED', 'network error', { details: { retryable: true }, cause });
    expect(redactFailure(error, [KEY])).toBe(error);
  });

  it('replaces a cause carrying a secret in any own field or deep in its chain by a redacted copy keeping name, message, code and chain', () => {
    let deep: Error = new Error(`innermost ${KEY}`);
    for (let level = 0; level < 12; level += 1) deep = new Error(`level ${level}`, { cause: deep });
    const causes = [
      Object.assign(new TypeError('fetch failed'), { code: 'ECONNREFUSED', request: { headers: { authorization: `Bearer ${KEY}` } } }),
      new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { config: { url: `https://h/?key=${encodeURIComponent(KEY)}` } }) }),
      deep,
      { message: 'plain', headers: new Headers({ 'x-api-key': KEY }) },
      Object.defineProperty(new Error('getter'), 'url', { get: () => KEY, enumerable: true }),
      new Map([['authorization', KEY]]),
    ];
    for (const cause of causes) {
      const error = new AgentCoreError('PROVIDER_FAILED', 'failed', { cause });
      const redacted = redactFailure(error, [KEY]) as AgentCoreError;
      expect(views(redacted), inspect(cause)).not.toContain(KEY);
      expect(redacted.cause).toBeInstanceOf(Error);
    }
    const copy = (redactFailure(new AgentCoreError('PROVIDER_FAILED', 'failed', { cause: causes[0] }), [KEY]) as AgentCoreError).cause as Error & { code?: string };
    expect(copy).toMatchObject({ name: 'TypeError', message: 'fetch failed', code: 'ECONNREFUSED' });
  });

  it('redacts a string thrown as the cause, and never throws for a proxy that refuses to be read', () => {
    expect((redactFailure(new AgentCoreError('PROVIDER_FAILED', 'x', { cause: `key ${KEY}` }), [KEY]) as AgentCoreError).cause).toBe('key [redacted]');
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error(KEY); }, get: () => { throw new Error(KEY); } });
    const redacted = redactFailure(new AgentCoreError('PROVIDER_FAILED', 'x', { cause: hostile }), [KEY]);
    expect(views(redacted)).not.toContain(KEY);
  });

  it('leaves an ABORTED error and its reason alone', () => {
    const reason = { why: KEY };
    const aborted = new AgentCoreError('ABORTED', 'aborted', { cause: reason });
    expect(redactFailure(aborted, [KEY])).toBe(aborted);
  });
});
