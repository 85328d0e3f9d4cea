import type { TObject, TUnsafe } from '@jangts/agent-types/internal/typebox';
import { Unsafe } from './type.js';

/** Marks a schema node as a live object (see {@link live}). */
export const LIVE = '~agentCoreLive';

/**
 * A live object the App owns and the library calls later: a provider, a sink, a logger, a
 * reader. It may be a class instance (or a function with properties). The door reads each
 * property `schema` declares once (undeclared ones are never read) and hands on a plain object of
 * those values, its methods bound to the App's object, so `this` inside them is what the App wrote.
 *
 * @param expected - what it is, for messages: `a model provider with a stream(request, options) method`.
 * @param schema - a `Type.Object` of the properties the library uses.
 */
/* @__NO_SIDE_EFFECTS__ */ export function live<TValue>(expected: string, schema: TObject): TUnsafe<TValue> {
  const node = Unsafe<TValue>({ ...schema, expected });
  Object.defineProperty(node, LIVE, { value: true });
  return node;
}
