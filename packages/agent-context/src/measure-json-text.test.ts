import type { JsonValue } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unicodeText } from '../test/fragment-arbitraries.js';
import { measureJsonText } from './measure-json-text.js';

describe('measureJsonText', () => {
  it('is the length of JSON.stringify, escapes and lone surrogates included', () => {
    const value = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }) as fc.Arbitrary<JsonValue>;
    const text = unicodeText({ maxLength: 20 });
    fc.assert(
      fc.property(fc.oneof(value, text, fc.dictionary(text, value, { maxKeys: 5 })), (json) => {
        expect(measureJsonText(json)).toBe(JSON.stringify(json).length);
      }),
    );
  });

  it('writes numbers as JSON.stringify does', () => {
    for (const number of [-0, 0, 1e21, 1e-7, 5e-324, -1.5, Number.MAX_VALUE, 123456789012345680000]) {
      expect(measureJsonText([number])).toBe(JSON.stringify([number]).length);
    }
  });

  it('measures each shared object once, however many paths lead to it', () => {
    let node: JsonValue = { leaf: 'x' };
    for (let level = 0; level < 60; level += 1) node = { a: node, b: [node] };
    expect(measureJsonText(node)).toBeGreaterThan(2 ** 60);
    let small: JsonValue = { leaf: 'x' };
    for (let level = 0; level < 12; level += 1) small = { a: small, b: [small] };
    expect(measureJsonText(small)).toBe(JSON.stringify(small).length);
  });
});
