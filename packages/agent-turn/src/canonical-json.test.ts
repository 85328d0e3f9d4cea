import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

/** `value` with every object's keys in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, reversed(item)]));
}

describe('canonicalJson', () => {
  it('orders keys by code unit, at every depth', () => {
    expect(canonicalJson({ b: 1, a: [{ d: true, c: null }], 'é': 'x', Z: '' })).toBe('{"Z":"","a":[{"c":null,"d":true}],"b":1,"é":"x"}');
  });

  it('gives equal values equal texts, whatever their key order, and reads back as the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(reversed(value))).toBe(text);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 500 },
    );
  });
});
