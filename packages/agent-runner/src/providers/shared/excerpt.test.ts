import { describe, expect, it } from 'vitest';
import { excerpt, MAX_EXCERPT_CHARS } from './excerpt.js';

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
