import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { compileSchema } from './schema-validator.js';
import { literalUnion } from './literal-union.js';
import { ModelMessageSchema, ProviderChunkSchema } from '../structs/model-structs.js';

describe('compileSchema issues', () => {
  const chunks = compileSchema(ProviderChunkSchema);
  const messages = compileSchema(ModelMessageSchema);

  it('explains a discriminated union member by the member its discriminator names', () => {
    expect(chunks.issues({ type: 'finish', reason: 'weird' }, 1)).toEqual([
      { path: '/reason', message: 'must be one of "stop", "tool-calls", "length", "content-filter", "other"' },
    ]);
    expect(chunks.issues({ type: 'finish' })[0]?.message).toBe('must have required properties reason');
    expect(chunks.issues({ type: 'finish', reason: 'stop', usage: { inputTokens: 'x' } })[0]?.path).toBe('/usage/inputTokens');
    expect(messages.issues({ role: 'tool', content: 'x' })[0]?.message).toBe('must have required properties callId');
    expect(messages.issues({ role: 'tool', callId: 5, content: 'x' })[0]?.path).toBe('/callId');
    expect(messages.issues({ role: 'assistant', content: 'x', toolCalls: [{ toolId: 't', args: {} }] })[0]).toEqual({
      path: '/toolCalls/0',
      message: 'must have required properties callId',
    });
    // A member whose discriminator allows several constants (`role: 'system' | 'user'`).
    expect(messages.issues({ role: 'user', content: 3 })[0]?.path).toBe('/content');
  });

  it('lists every value of a union of 8 or more constants (TypeBox reports at most 8 errors, never the union itself)', () => {
    const colors = ['red', 'orange', 'yellow', 'green', 'blue', 'indigo', 'violet', 'pink', 'teal'] as const;
    const color = compileSchema(Type.Object({ color: literalUnion(colors), n: Type.Number() }));
    expect(color.issues({ color: 'black', n: 1 })).toEqual([{ path: '/color', message: `must be one of ${colors.map((name) => JSON.stringify(name)).join(', ')}` }]);
    const many = Array.from({ length: 30 }, (_, index) => `v${index}`) as [string, ...string[]];
    expect(compileSchema(literalUnion(many)).issues('z')[0]?.message).toMatch(/^must be one of "v0", .*"v19", … \(30 values\)$/);
    expect(compileSchema(Type.Object({ a: literalUnion(['x', 'y']), b: literalUnion(['x', 'y']) })).issues({ a: 'z', b: 'z' })).toEqual([
      { path: '/a', message: 'must be one of "x", "y"' },
      { path: '/b', message: 'must be one of "x", "y"' },
    ]);
  });

  it('gives one issue for a union of constants given a value of another type, naming its other members', () => {
    const color = compileSchema(Type.Object({ color: literalUnion(['red', 'green', 'blue']) }));
    expect(color.issues({ color: 5 })).toEqual([{ path: '/color', message: 'must be one of "red", "green", "blue"' }]);
    const mixed = compileSchema(Type.Object({ v: Type.Union([Type.Literal('a'), Type.Literal('b'), Type.Number()]) }));
    expect(mixed.issues({ v: 'x' })).toEqual([{ path: '/v', message: 'must be one of "a", "b", or must be number' }]);
    const nine = Array.from({ length: 9 }, (_, index) => `v${index}`) as [string, ...string[]];
    expect(compileSchema(Type.Object({ v: Type.Union([...nine.map((value) => Type.Literal(value)), Type.Number()]) })).issues({ v: true })).toEqual([
      { path: '/v', message: `must be one of ${nine.map((value) => JSON.stringify(value)).join(', ')}, or must be number` },
    ]);
  });

  it('reads a union of constants behind a local $ref, as TypeBox reports it inlined', () => {
    const schema = { type: 'object', $defs: { c: { anyOf: Array.from({ length: 9 }, (_, index) => ({ const: `v${index}` })) } }, properties: { c: { $ref: '#/$defs/c' } } };
    expect(compileSchema(schema as never).issues({ c: 'x' })).toEqual([{ path: '/c', message: `must be one of ${Array.from({ length: 9 }, (_, index) => `"v${index}"`).join(', ')}` }]);
  });

  it('explains a nested discriminated union by the member its tag names, or lists the tags', () => {
    const action = Type.Union([
      Type.Object({ type: Type.Literal('search'), q: Type.String() }),
      Type.Object({ type: Type.Literal('open'), url: Type.String() }),
      Type.Object({ type: Type.Literal('close') }),
    ]);
    const tool = compileSchema(Type.Object({ action, steps: Type.Optional(Type.Array(action)) }));
    expect(tool.issues({ action: { type: 'open' } })).toEqual([{ path: '/action', message: 'must have required properties url' }]);
    expect(tool.issues({ action: { type: 'open', url: 5 } })).toEqual([{ path: '/action/url', message: 'must be string' }]);
    expect(tool.issues({ action: { type: 'delete' } })).toEqual([{ path: '/action/type', message: 'must be one of "search", "open", "close"' }]);
    expect(tool.issues({ action: {} })).toEqual([{ path: '/action/type', message: 'must be one of "search", "open", "close"' }]);
    expect(tool.issues({ action: { type: 'close' }, steps: [{ type: 'close' }, { type: 'search' }] })).toEqual([{ path: '/steps/1', message: 'must have required properties q' }]);
    // Not an object: each member's `must be object` is said once.
    expect(tool.issues({ action: 5 })).toEqual([
      { path: '/action', message: 'must be object' },
      { path: '/action', message: 'must match a schema in anyOf' },
    ]);
  });

  it('keeps every other issue beside a nested discriminated union, in order', () => {
    const action = Type.Union([Type.Object({ type: Type.Literal('search'), q: Type.String() }), Type.Object({ type: Type.Literal('open'), url: Type.String() })]);
    expect(compileSchema(Type.Object({ action, n: Type.Number() })).issues({ action: { type: 'open' }, n: 'x' })).toEqual([
      { path: '/action', message: 'must have required properties url' },
      { path: '/n', message: 'must be number' },
    ]);
    expect(compileSchema(Type.Object({ n: Type.Number(), action })).issues({ n: 'x', action: { type: 'open' } })).toEqual([
      { path: '/n', message: 'must be number' },
      { path: '/action', message: 'must have required properties url' },
    ]);
    expect(compileSchema(Type.Object({ a: action, b: action })).issues({ a: { type: 'open' }, b: { type: 'zzz' } })).toEqual([
      { path: '/a', message: 'must have required properties url' },
      { path: '/b/type', message: 'must be one of "search", "open"' },
    ]);
    expect(compileSchema(Type.Array(action)).issues([{ type: 'open' }, { type: 'search' }])).toEqual([
      { path: '/0', message: 'must have required properties url' },
      { path: '/1', message: 'must have required properties q' },
    ]);
  });

  it('does not explain a union by a member that refers to the definitions of the whole schema, nor list its tags without end', () => {
    const schema = {
      type: 'object',
      $defs: { text: { type: 'string' } },
      properties: {
        a: {
          anyOf: [
            { type: 'object', properties: { type: { const: 'search' }, q: { $ref: '#/$defs/text' } }, required: ['type', 'q'] },
            { type: 'object', properties: { type: { const: 'open' }, url: { $ref: '#/$defs/text' }, n: { type: 'number' } }, required: ['type', 'url'] },
          ],
        },
      },
    };
    // Alone, the member's reference would resolve to nothing and `/a/url` would be lost.
    expect(compileSchema(schema as never).issues({ a: { type: 'open', url: 5, n: 'x' } })).toContainEqual({ path: '/a/url', message: 'must be string' });
    const many = Type.Object({ a: Type.Union(Array.from({ length: 1500 }, (_, index) => Type.Object({ type: Type.Literal(`t${index}`) }))) });
    expect(compileSchema(many).issues({ a: { type: 'zz' } })[0]?.message).toMatch(/^must be one of "t0", .*"t19", … \(1500 values\)$/);
  });

  it('falls back to the whole union for a value no member claims', () => {
    expect(messages.issues({ role: 'robot', content: 'x' }).length).toBeGreaterThan(0);
    expect(chunks.issues('text').length).toBeGreaterThan(0);
    expect(compileSchema(Type.Object({ kind: Type.Literal('a') })).issues({ kind: 'b' })).toEqual([{ path: '/kind', message: 'must be "a"' }]);
    expect(chunks.issues({ type: 'finish', reason: 'stop' })).toEqual([]);
  });

  it('falls back to the whole union when a member cannot be compiled on its own', () => {
    const schema = {
      $defs: { Name: { type: 'string' } },
      anyOf: [
        { type: 'object', properties: { kind: { const: 'a' }, name: { $ref: '#/$defs/Name' } }, required: ['kind', 'name'] },
        { type: 'object', properties: { kind: { const: 'b' } }, required: ['kind'] },
      ],
    };
    const validator = compileSchema(schema as unknown as Parameters<typeof compileSchema>[0]);
    expect(validator.check({ kind: 'a', name: 'x' })).toBe(true);
    expect(validator.issues({ kind: 'a', name: 3 }).length).toBeGreaterThan(0);
  });

  it('names the properties an object may not have', () => {
    const strict = compileSchema(Type.Object({ a: Type.String() }, { additionalProperties: false }));
    expect(strict.issues({ a: 'x', zz: 1, yy: 2 })).toEqual([{ path: '', message: 'must not have additional properties ("zz", "yy")' }]);
    expect(messages.issues({ role: 'user', content: 'x', name: 'n' })[0]?.message).toBe('must not have additional properties ("name")');
  });
});
