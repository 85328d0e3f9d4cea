import fc from 'fast-check';
import { Compile } from 'typebox/compile';
import * as TypeBox from 'typebox';
import { describe, expect, it } from 'vitest';
import * as Type from './type.js';

/**
 * Everything of a schema object a program can see: each own property (symbols included) in
 * order, with its descriptor's flags, nested objects laid out alike. Functions are kept by
 * identity.
 */
function layout(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Reflect.ownKeys(value).map((key) => {
    const descriptor = Object.getOwnPropertyDescriptor(value, key) as PropertyDescriptor;
    return [key, descriptor.enumerable, descriptor.writable, descriptor.configurable, layout(descriptor.value)];
  });
}

function expectSameSchema(ours: unknown, theirs: unknown): void {
  expect(layout(ours)).toEqual(layout(theirs));
}

/** Schema options as TypeBox takes them: JSON Schema keywords and annotations, any JSON. */
const options = fc.dictionary(
  fc.constantFrom('description', 'title', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'default', 'examples', '$id', 'type', 'expected'),
  fc.jsonValue(),
  { maxKeys: 4 },
);

const check = (value: unknown): boolean => value !== 'never';
const error = (): string => 'is never';
const otherCheck = (value: unknown): boolean => value !== 'nor';

describe('internal/type', () => {
  it('builds the leaf schemas TypeBox builds, for any options', () => {
    fc.assert(
      fc.property(options, (given) => {
        expectSameSchema(Type.String(given), TypeBox.String(given));
        expectSameSchema(Type.Number(given), TypeBox.Number(given));
        expectSameSchema(Type.Integer(given), TypeBox.Integer(given));
        expectSameSchema(Type.Boolean(given), TypeBox.Boolean(given));
        expectSameSchema(Type.Null(given), TypeBox.Null(given));
        expectSameSchema(Type.Undefined(given), TypeBox.Undefined(given));
        expectSameSchema(Type.Unknown(given), TypeBox.Unknown(given));
        expectSameSchema(Type.Any(given), TypeBox.Any(given));
        expectSameSchema(Type.Void(given), TypeBox.Void(given));
        expectSameSchema(Type.Enum(['system', 'app', 3], given), TypeBox.Enum(['system', 'app', 3], given));
        expectSameSchema(Type.Literal('frame', given), TypeBox.Literal('frame', given));
      }),
    );
  });

  it('builds literals of every kind TypeBox takes', () => {
    for (const value of ['text', 0, 1.5, true, false, 10n]) expectSameSchema(Type.Literal(value), TypeBox.Literal(value));
  });

  it('builds the container schemas TypeBox builds, required fields listed as it lists them', () => {
    fc.assert(
      fc.property(options, fc.array(fc.boolean(), { maxLength: 4 }), (given, optional) => {
        const properties = (build: typeof Type | typeof TypeBox): Record<string, TypeBox.TSchema> =>
          Object.fromEntries(optional.map((isOptional, index) => [`field${index}`, isOptional ? build.Optional(build.String()) : build.Integer()]));
        expectSameSchema(Type.Object(properties(Type), given), TypeBox.Object(properties(TypeBox), given));
        expectSameSchema(Type.Array(Type.String(), given), TypeBox.Array(TypeBox.String(), given));
        expectSameSchema(Type.Union([Type.Literal('frame'), Type.Null()], given), TypeBox.Union([TypeBox.Literal('frame'), TypeBox.Null()], given));
        expectSameSchema(Type.Function([Type.String()], Type.Unknown(), given), TypeBox.Function([TypeBox.String()], TypeBox.Unknown(), given));
        expectSameSchema(Type.Record(Type.String(), Type.Unknown(), given), TypeBox.Record(TypeBox.String(), TypeBox.Unknown(), given));
        expectSameSchema(Type.Record(Type.String({ pattern: '^x' }), Type.Integer(), given), TypeBox.Record(TypeBox.String({ pattern: '^x' }), TypeBox.Integer(), given));
      }),
    );
  });

  it('marks copies as TypeBox marks them: optional, unsafe, refined (refinements appended in order)', () => {
    expectSameSchema(Type.Optional(Type.String({ minLength: 1 })), TypeBox.Optional(TypeBox.String({ minLength: 1 })));
    expectSameSchema(Type.Optional(Type.Optional(Type.String())), TypeBox.Optional(TypeBox.Optional(TypeBox.String())));
    expectSameSchema(Type.Unsafe(Type.Object({ from: Type.Integer() })), TypeBox.Unsafe(TypeBox.Object({ from: TypeBox.Integer() })));
    expectSameSchema(Type.Refine(Type.String(), check, error), TypeBox.Refine(TypeBox.String(), check, error));
    expectSameSchema(
      Type.Refine(Type.Refine(Type.Array(Type.String()), check, error), otherCheck, error),
      TypeBox.Refine(TypeBox.Refine(TypeBox.Array(TypeBox.String()), check, error), otherCheck, error),
    );
    expectSameSchema(Type.Optional(Type.Refine(Type.String(), check, error)), TypeBox.Optional(TypeBox.Refine(TypeBox.String(), check, error)));
    expectSameSchema(Type.Refine(Type.Optional(Type.String()), check, error), TypeBox.Refine(TypeBox.Optional(TypeBox.String()), check, error));
  });

  it("gives a refinement without a message TypeBox's own", () => {
    const [ours] = (Type.Refine(Type.String(), check) as { '~refine': { error: (value: unknown) => string }[] })['~refine'];
    const [theirs] = (TypeBox.Refine(TypeBox.String(), check) as unknown as { '~refine': { error: (value: unknown) => string }[] })['~refine'];
    expect(ours?.error('never')).toBe(theirs?.error('never'));
  });

  it("makes schemas TypeBox's compiler checks as its own", () => {
    const schema = Type.Object({
      name: Type.Refine(Type.String({ minLength: 1 }), check, error),
      mode: Type.Optional(Type.Union([Type.Literal('frame'), Type.Object({ intervalMs: Type.Integer({ minimum: 0 }) }, { additionalProperties: false })])),
    });
    const compiled = Compile(schema);
    expect(compiled.Check({ name: 'a', mode: { intervalMs: 3 } })).toBe(true);
    expect(compiled.Check({ name: 'a' })).toBe(true);
    expect(compiled.Check({ name: 'never' })).toBe(false);
    expect(compiled.Check({ name: 'a', mode: { intervalMs: -1 } })).toBe(false);
    expect(compiled.Check({ mode: 'frame' })).toBe(false);
  });
});
