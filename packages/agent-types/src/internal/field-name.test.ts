import { describe, expect, it } from 'vitest';
import { fieldName } from './field-name.js';

describe('fieldName', () => {
  it('names a path of keys and indexes', () => {
    expect(fieldName('options', ['retry', 'attempts'])).toBe('retry.attempts');
    expect(fieldName('request', ['input', 0, 'content'])).toBe('input[0].content');
    expect(fieldName('fragments', [2, 'id'])).toBe('fragments[2].id');
  });

  it('names an empty key, so that details.field is never empty', () => {
    expect(fieldName('request', [''])).toBe('[""]');
    expect(fieldName('request', ['input', ''])).toBe('input[""]');
    expect(fieldName('request', ['', 'x'], true)).toBe('request[""].x');
  });
});
