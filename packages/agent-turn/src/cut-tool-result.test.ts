import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutToolResult } from './cut-tool-result.js';

describe('cutToolResult', () => {
  it('keeps a result within the limit as it is', () => {
    expect(cutToolResult('abc', 3)).toEqual({ content: 'abc' });
  });

  it('cuts a longer one to the limit, with a note giving the whole length when it fits', () => {
    const cut = cutToolResult('x'.repeat(1000), 100);
    const note = '… [cut from 1000 characters]';
    expect(cut).toEqual({ content: `${'x'.repeat(100 - note.length)}${note}`, cutFrom: 1000 });
    expect(cut.content).toHaveLength(100);
    expect(cutToolResult('abcdef', 4)).toEqual({ content: 'abcd', cutFrom: 6 });
  });

  it('never cuts inside a surrogate pair', () => {
    expect(cutToolResult('a😀b', 2)).toEqual({ content: 'a', cutFrom: 4 });
  });

  it('always stays within the limit, keeps a prefix, and records the cut', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.integer({ min: 1, max: 300 }), (content, maxChars) => {
        const cut = cutToolResult(content, maxChars);
        expect(cut.content.length).toBeLessThanOrEqual(maxChars);
        if (content.length <= maxChars) expect(cut).toEqual({ content });
        else {
          expect(cut.cutFrom).toBe(content.length);
          const kept = cut.content.replace(/… \[cut from \d+ characters\]$/, '');
          expect(content.startsWith(kept)).toBe(true);
          const last = kept.charCodeAt(kept.length - 1);
          expect(last >= 0xd800 && last <= 0xdbff && content.charCodeAt(kept.length) >= 0xdc00 && content.charCodeAt(kept.length) <= 0xdfff).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });
});
