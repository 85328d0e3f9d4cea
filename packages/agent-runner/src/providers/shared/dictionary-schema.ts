import * as Type from '@jangts/agent-types/internal/type';
import type { Static, TSchema, TUnsafe } from 'typebox';

/**
 * A plain object of any keys whose values all match `value`, typed `Record<string, …>`: every key
 * is read (a `Type.Record` would match keys by a pattern, which some keys escape).
 */
export function dictionarySchema<TValue extends TSchema>(value: TValue): TUnsafe<Record<string, Static<TValue>>> {
  return Type.Unsafe<Record<string, Static<TValue>>>(Type.Object({}, { additionalProperties: value }));
}
