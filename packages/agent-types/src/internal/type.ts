/**
 * `@jangts/agent-types/internal/type`: the TypeBox builders the door's schemas are written with
 * (`Type.Object`, `Type.String`, …, `Type.Refine`), making TypeBox's own schema objects — equal to
 * what `typebox`'s builders return under its default settings, hidden `~kind`, `~optional`,
 * `~refine` and `~unsafe` included, typed as its `TObject`, `TString`, … — without loading
 * TypeBox: a module that only builds schemas for the door (the reply preview's options, say)
 * then pays for a few object literals, not for TypeBox's builder runtime (SPEC §9). Any TypeBox
 * check (`Compile`, `Value.Check`) takes them as it takes its own. Internal: not part of the
 * umbrella, which re-exports TypeBox's own `Type`.
 *
 * @packageDocumentation
 */
import type {
  Static,
  TAddOptional,
  TAny,
  TEnum,
  TEnumValue,
  TArray,
  TArrayOptions,
  TBoolean,
  TFunction,
  TInteger,
  TLiteral,
  TLiteralValue,
  TNull,
  TNumber,
  TNumberOptions,
  TObject,
  TObjectOptions,
  TProperties,
  TRecord,
  TRefineAdd,
  TRefineCheckCallback,
  TRefineErrorCallback,
  TSchema,
  TSchemaOptions,
  TString,
  TStringOptions,
  TUndefined,
  TUnion,
  TUnknown,
  TUnsafe,
  TVoid,
} from 'typebox';
import { createNode, updateNode } from './schema-node.js';

/** TypeBox's `Type.Object`: `required` lists the properties not made {@link Optional}. */
/* @__NO_SIDE_EFFECTS__ */ function _Object_<TShape extends TProperties>(properties: TShape, options?: TObjectOptions): TObject<TShape> {
  const required = Object.keys(properties).filter((key) => !isOptional(properties[key]));
  return createNode('Object', { type: 'object', ...(required.length > 0 ? { required } : {}), properties }, options) as unknown as TObject<TShape>;
}

function isOptional(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && '~optional' in schema;
}

/** TypeBox's `Type.Array`. */
/* @__NO_SIDE_EFFECTS__ */ function _Array_<TItem extends TSchema>(items: TItem, options?: TArrayOptions): TArray<TItem> {
  return createNode('Array', { type: 'array', items }, options) as unknown as TArray<TItem>;
}

/** TypeBox's `Type.String`. */
/* @__NO_SIDE_EFFECTS__ */ function _String_(options?: TStringOptions): TString {
  return createNode('String', { type: 'string' }, options) as unknown as TString;
}

/** TypeBox's `Type.Number`. */
/* @__NO_SIDE_EFFECTS__ */ function _Number_(options?: TNumberOptions): TNumber {
  return createNode('Number', { type: 'number' }, options) as unknown as TNumber;
}

/** TypeBox's `Type.Integer`. */
/* @__NO_SIDE_EFFECTS__ */ export function Integer(options?: TNumberOptions): TInteger {
  return createNode('Integer', { type: 'integer' }, options) as unknown as TInteger;
}

/** TypeBox's `Type.Boolean`. */
/* @__NO_SIDE_EFFECTS__ */ function _Boolean_(options?: TSchemaOptions): TBoolean {
  return createNode('Boolean', { type: 'boolean' }, options) as unknown as TBoolean;
}

/** TypeBox's `Type.Null`. */
/* @__NO_SIDE_EFFECTS__ */ export function Null(options?: TSchemaOptions): TNull {
  return createNode('Null', { type: 'null' }, options) as unknown as TNull;
}

/** TypeBox's `Type.Undefined`. */
/* @__NO_SIDE_EFFECTS__ */ export function Undefined(options?: TSchemaOptions): TUndefined {
  return createNode('Undefined', { type: 'undefined' }, options) as unknown as TUndefined;
}

/** TypeBox's `Type.Unknown`. */
/* @__NO_SIDE_EFFECTS__ */ export function Unknown(options?: TSchemaOptions): TUnknown {
  return createNode('Unknown', {}, options) as unknown as TUnknown;
}

/** TypeBox's `Type.Any`. */
/* @__NO_SIDE_EFFECTS__ */ export function Any(options?: TSchemaOptions): TAny {
  return createNode('Any', {}, options) as unknown as TAny;
}

/** TypeBox's `Type.Void`. */
/* @__NO_SIDE_EFFECTS__ */ export function Void(options?: TSchemaOptions): TVoid {
  return createNode('Void', { type: 'void' }, options) as unknown as TVoid;
}

/** TypeBox's `Type.Enum` of a list of values. */
/* @__NO_SIDE_EFFECTS__ */ export function Enum<TValues extends TEnumValue[]>(values: readonly [...TValues], options?: TSchemaOptions): TEnum<TValues> {
  return createNode('Enum', { enum: values }, options) as unknown as TEnum<TValues>;
}

/**
 * TypeBox's `Type.Record` with string keys: its keys are matched by `^.*$` (or by the key
 * schema's own `pattern`).
 */
/* @__NO_SIDE_EFFECTS__ */ function _Record_<TValue extends TSchema>(key: TString, value: TValue, options?: TObjectOptions): TRecord<'^.*$', TValue> {
  const { pattern } = key as { readonly pattern?: unknown };
  const keys = typeof pattern === 'string' || pattern instanceof RegExp ? pattern.toString() : '^.*$';
  return updateNode(createNode('Record', { type: 'object', patternProperties: { [keys]: value } }), {}, options) as unknown as TRecord<'^.*$', TValue>;
}

/** TypeBox's `Type.Literal`: its `type` is the value's (`string`, `number`, `boolean`, `bigint`). */
/* @__NO_SIDE_EFFECTS__ */ export function Literal<TValue extends TLiteralValue>(value: TValue, options?: TSchemaOptions): TLiteral<TValue> {
  return createNode('Literal', { type: typeof value, const: value }, options) as unknown as TLiteral<TValue>;
}

/** TypeBox's `Type.Union`. */
/* @__NO_SIDE_EFFECTS__ */ export function Union<TMembers extends TSchema[]>(anyOf: [...TMembers], options?: TSchemaOptions): TUnion<TMembers> {
  return createNode('Union', { anyOf }, options) as unknown as TUnion<TMembers>;
}

/** TypeBox's `Type.Function`. */
/* @__NO_SIDE_EFFECTS__ */ function _Function_<TParameters extends TSchema[], TReturn extends TSchema>(parameters: [...TParameters], returnType: TReturn, options?: TSchemaOptions): TFunction<TParameters, TReturn> {
  return createNode('Function', { type: 'function', parameters, returnType }, options) as unknown as TFunction<TParameters, TReturn>;
}

/** TypeBox's `Type.Optional`: a copy marked `~optional`. */
/* @__NO_SIDE_EFFECTS__ */ export function Optional<TShape extends TSchema>(schema: TShape): TAddOptional<TShape> {
  return updateNode(schema, { '~optional': true }) as unknown as TAddOptional<TShape>;
}

/** TypeBox's `Type.Unsafe`: a copy marked `~unsafe`, typed as `TValue`. */
/* @__NO_SIDE_EFFECTS__ */ export function Unsafe<TValue>(schema: TSchema): TUnsafe<TValue> {
  return updateNode(schema, { '~unsafe': null }) as unknown as TUnsafe<TValue>;
}

/** TypeBox's `Type.Refine`: a copy whose `~refine` list ends with `{ check, error }`. */
/* @__NO_SIDE_EFFECTS__ */ export function Refine<TShape extends TSchema, TValue = Static<TShape>>(
  schema: TShape,
  check: TRefineCheckCallback<TValue>,
  error: TRefineErrorCallback<TValue> = () => 'Refine Error',
): TRefineAdd<TShape> {
  const refinements: unknown = (schema as Readonly<Record<string, unknown>>)['~refine'];
  const earlier: readonly unknown[] = Array.isArray(refinements) && refinements.every(isRefinement) ? refinements : [];
  return updateNode(schema, { '~refine': [...earlier, { check, error }] }) as unknown as TRefineAdd<TShape>;
}

function isRefinement(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { check, error } = value as { readonly check?: unknown; readonly error?: unknown };
  return typeof check === 'function' && typeof error === 'function';
}

// Named as TypeBox names them (`Type.Object`), without shadowing the globals in this module.
export { _Array_ as Array, _Boolean_ as Boolean, _Function_ as Function, _Number_ as Number, _Object_ as Object, _Record_ as Record, _String_ as String };
