import Type, { type TLiteral, type TUnion } from 'typebox';
import { AgentCoreError } from '../agent-core-error.js';

/** The tuple of TypeBox literals for a tuple of strings. */
export type TLiterals<TValues extends readonly string[]> = TValues extends readonly [
  infer THead extends string,
  ...infer TRest extends readonly string[],
]
  ? [TLiteral<THead>, ...TLiterals<TRest>]
  : [];

/**
 * A TypeBox union of string literals, from a readonly tuple of values.
 *
 * @throws AgentCoreError `CONFIG_INVALID` (field `values`) when `values` is not a non-empty list of strings.
 */
export function literalUnion<const TValues extends readonly [string, ...string[]]>(values: TValues): TUnion<TLiterals<TValues>> {
  let copy: string[];
  try {
    copy = Array.isArray(values) ? Array.from(values as readonly unknown[]).filter((value): value is string => typeof value === 'string') : [];
    if (copy.length === 0 || copy.length !== values.length) copy = [];
  } catch {
    copy = []; // a proxy whose trap throws
  }
  if (copy.length === 0) throw new AgentCoreError('CONFIG_INVALID', 'literalUnion: values must be a non-empty list of strings', { details: { field: 'values' } });
  return Type.Union(copy.map((value) => Type.Literal(value))) as unknown as TUnion<TLiterals<TValues>>;
}
