import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutText } from './cut-text.js';

describe('cutText', () => {
  it('keeps a text that fits', () => {
    expect(cutText('abc', 3)).toBe('abc');
  });

  it('cuts before a surrogate pair rather than through it', () => {
    expect(cutText('a😀b', 2)).toBe('a');
    expect(cutText('a😀b', 3)).toBe('a😀');
    expect(cutText('😀', 0)).toBe('');
  });

  it('never returns more than maxChars and never a lone high surrogate at the end', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat({ max: 50 }), (text, max) => {
        const cut = cutText(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(text.startsWith(cut)).toBe(true);
        if (cut.length < text.length && cut.length > 0) {
          const last = cut.charCodeAt(cut.length - 1);
          const next = text.charCodeAt(cut.length);
          expect(last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff).toBe(false);
        }
      }),
    );
  });
});
