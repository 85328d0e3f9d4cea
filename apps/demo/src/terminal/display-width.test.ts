import { describe, expect, it } from 'vitest';
import { displayWidth, fitToWidth, padToWidth, wrapToWidth } from './display-width.js';

describe('displayWidth', () => {
  it('counts wide characters as two cells and combining marks as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('你好')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('😀')).toBe(2);
  });
});

describe('fitToWidth', () => {
  it('keeps text that fits and cuts the rest with an ellipsis', () => {
    expect(fitToWidth('hello', 5)).toBe('hello');
    expect(fitToWidth('hello world', 8)).toBe('hello w…');
    expect(fitToWidth('你好世界', 5)).toBe('你好…');
  });
});

describe('padToWidth', () => {
  it('pads by cells, not by code units', () => {
    expect(padToWidth('你', 4)).toBe('你  ');
  });
});

describe('wrapToWidth', () => {
  it('breaks at the last space that fits, else inside the word', () => {
    expect(wrapToWidth('the quick brown fox', 10)).toEqual(['the quick', 'brown fox']);
    expect(wrapToWidth('abcdefghijkl', 5)).toEqual(['abcde', 'fghij', 'kl']);
    expect(wrapToWidth('', 5)).toEqual(['']);
  });

  it('never returns a row wider than the width', () => {
    const text = 'Yes, this is on our side: 事故 INC-2041 has degraded our load balancers 😀 since 09:04 UTC.';
    for (const width of [3, 7, 12, 40]) {
      for (const row of wrapToWidth(text, width)) expect(displayWidth(row)).toBeLessThanOrEqual(width);
    }
  });
});
