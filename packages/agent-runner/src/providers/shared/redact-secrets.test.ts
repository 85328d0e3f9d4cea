import { describe, expect, it } from 'vitest';
import { excerpt, MAX_EXCERPT_CHARS } from './excerpt.js';
import { redactSecrets } from './redact-secrets.js';

describe('redactSecrets', () => {
  it('replaces every occurrence, the longest secret first', () => {
    expect(redactSecrets('Bearer abc123 / abc123 / abc', ['abc', 'Bearer abc123', 'abc123'])).toBe('[redacted] / [redacted] / [redacted]');
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
