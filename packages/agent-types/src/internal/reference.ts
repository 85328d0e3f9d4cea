import type { TUnsafe } from '@jangts/agent-types/internal/typebox';
import { Unsafe } from './type.js';

/** Marks a schema node as a reference (see {@link reference}). */
export const REFERENCE = '~agentCoreReference';

/** What a {@link reference} node holds. */
export interface ReferenceCheck {
  /** What a refused value should have been, for the message: `an AbortSignal`. */
  readonly expected: string;
  /** True for a value to keep; it may read the value (a throw is a `readable` issue). */
  readonly accepts: (value: unknown) => boolean;
}

/**
 * A value the door keeps by reference, never copied or walked, once `accepts(value)` holds: an
 * `AbortSignal` (by its brand), a `Set`, the App's own `app` object.
 */
/* @__NO_SIDE_EFFECTS__ */ export function reference<TValue>(expected: string, accepts: (value: unknown) => boolean): TUnsafe<TValue> {
  const node = Unsafe<TValue>({});
  const check: ReferenceCheck = { expected, accepts };
  Object.defineProperty(node, REFERENCE, { value: check });
  return node;
}
