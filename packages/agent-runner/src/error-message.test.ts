import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message.js';

describe('errorMessage', () => {
  it('cuts a huge message after 1,000 characters', () => {
    expect(errorMessage(new Error('x'.repeat(1_000_000)))).toBe(`${'x'.repeat(1_000)}…`);
  });

  it.each<[string, unknown, string]>([
    ['an Error', new TypeError('boom'), 'boom'],
    ['a string', 'plain', 'plain'],
    ['an object with a message', { message: 'from a plain object', code: 7 }, 'from a plain object'],
    ['a plain object', { status: 503 }, '{"status":503}'],
    ['an empty object', {}, 'unknown failure (a non-Error object was thrown)'],
    ['undefined', undefined, 'unknown failure (undefined was thrown)'],
    ['null', null, 'unknown failure (null was thrown)'],
    ['a number', 42, '42'],
    ['a proxy whose traps throw', new Proxy({}, { get: () => { throw new Error('trap'); }, getPrototypeOf: () => { throw new Error('trap'); } }), 'unknown failure'],
  ])('words %s without [object Object]', (_, thrown, expected) => {
    expect(errorMessage(thrown)).toBe(expected);
  });
});
