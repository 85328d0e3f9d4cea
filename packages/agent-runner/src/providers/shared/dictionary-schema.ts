import * as Type from '@jangts/agent-types/internal/type';

/**
 * A plain object of any keys whose values all match `value`, typed `Record<string, …>`: every key
 * is read (a `Type.Record` would match keys by a pattern, which some keys escape).
 */
export function dictionarySchema<TValue extends Type.TSchema>(value: TValue): Type.TUnsafe<Record<string, Type.Static<TValue>>> {
  return Type.Unsafe<Record<string, Type.Static<TValue>>>(Type.Object({}, { additionalProperties: value }));
}
