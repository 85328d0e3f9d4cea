import type { TLiteral, TUnion } from '@jangts/agent-types/internal/typebox';
import { Literal, Union } from './type.js';

/** The tuple of TypeBox literals for a tuple of strings. */
export type TLiterals<TValues extends readonly string[]> = TValues extends readonly [
  infer THead extends string,
  ...infer TRest extends readonly string[],
]
  ? [TLiteral<THead>, ...TLiterals<TRest>]
  : [];

/** A TypeBox union of string literals, from a readonly tuple of values. */
/* @__NO_SIDE_EFFECTS__ */ export function literalUnion<const TValues extends readonly [string, ...string[]]>(values: TValues): TUnion<TLiterals<TValues>> {
  return Union(values.map((value) => Literal(value))) as unknown as TUnion<TLiterals<TValues>>;
}
