import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unicodeText } from '../../test/arbitraries.js';
import { truncateText } from './truncate-text.js';

describe('truncateText', () => {
  it('keeps short text as it is', () => {
    expect(truncateText('abc', 3)).toBe('abc');
  });

  it('cuts long text and marks the cut', () => {
    expect(truncateText('abcdef', 3)).toBe('abc…');
  });

  it('never cuts inside a surrogate pair', () => {
    expect(truncateText('ab😀cd', 3)).toBe('ab…');
    fc.assert(
      fc.property(unicodeText({ maxLength: 30 }), fc.integer({ min: 1, max: 30 }), (text, max) => {
        const cut = truncateText(text, max);
        if (cut === text) {
          expect(text.length).toBeLessThanOrEqual(max);
          return;
        }
        const kept = cut.slice(0, -1);
        expect(cut.endsWith('…')).toBe(true);
        expect(text.startsWith(kept)).toBe(true);
        expect(kept.length).toBeLessThanOrEqual(max);
        expect(kept.length).toBeGreaterThanOrEqual(max - 1);
        const last = kept.charCodeAt(kept.length - 1);
        const next = text.charCodeAt(kept.length);
        expect(last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff).toBe(false);
      }),
    );
  });

});
