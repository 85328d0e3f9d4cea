import { describe, expect, it } from 'vitest';
import { excerpt, MAX_EXCERPT_CHARS } from './excerpt.js';
import { redactSecrets } from './redact-secrets.js';

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

  it('ignores empty secrets', () => {
    expect(redactSecrets('text', [''])).toBe('text');
  });
});

describe('excerpt', () => {
  it('cuts long text with an ellipsis, never inside a surrogate pair', () => {
    const text = `${'a'.repeat(MAX_EXCERPT_CHARS - 1)}😀tail`;
    const cut = excerpt(text, []);
    expect(cut).toBe(`${'a'.repeat(MAX_EXCERPT_CHARS - 1)}…`);
  });

  it('redacts before cutting, so a secret across the cut never leaks a prefix', () => {
    const secret = 'sk-' + 'z'.repeat(40);
    const text = `${'a'.repeat(MAX_EXCERPT_CHARS - 10)}${secret}`;
    expect(excerpt(text, [secret])).not.toContain('sk-zzz');
  });
});
