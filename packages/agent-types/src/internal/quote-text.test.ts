import { describe, expect, it } from 'vitest';
import { quoteText } from './quote-text.js';

describe('quoteText', () => {
  it('quotes text as a JSON string and cuts it after 60 characters', () => {
    expect(quoteText('x'.repeat(61))).toBe(`"${'x'.repeat(60)}"…`);
    expect(quoteText('a"b')).toBe('"a\\"b"');
  });

  it('does not split a surrogate pair at the cut', () => {
    expect(quoteText(`${'x'.repeat(59)}😀`)).toBe(`"${'x'.repeat(59)}"…`);
  });

});
