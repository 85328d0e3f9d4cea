/**
 * Freezes a JSON value the runner built, all the way down, and returns it: what a provider or an App
 * receives from the runner can then be passed on, and back, without a copy.
 */
export function deepFreeze<TValue>(value: TValue): TValue {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const part of Object.values(value)) deepFreeze(part);
  return value;
}

/**
 * True when `value` can never change: a primitive, or a frozen plain object or list whose own
 * properties are all data properties holding such values. Reads property descriptors only (no
 * getter runs); a proxy cannot lie here, since a frozen target binds its traps. False for
 * anything else, and when a trap throws.
 */
export function isDeepFrozenData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return typeof value !== 'function';
  try {
    return frozenData(value);
  } catch {
    return false;
  }
}

function frozenData(value: object): boolean {
  return isFrozenPlain(value, isFrozenDataPart);
}

function isFrozenDataPart(part: unknown): boolean {
  return typeof part !== 'function' && (typeof part !== 'object' || part === null || frozenData(part));
}

/**
 * True when `value` is a frozen plain object or list whose own properties are all data
 * properties (so none can ever change), each value accepted by `accepts` (any, when omitted).
 * Reads property descriptors only; may throw (a proxy's trap): callers guard it.
 */
export function isFrozenPlain(value: object, accepts?: (part: unknown) => boolean): boolean {
  if (!Object.isFrozen(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (Array.isArray(value) ? prototype !== Array.prototype : prototype !== Object.prototype && prototype !== null) return false;
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined || !('value' in descriptor)) return false;
    if (accepts !== undefined && !accepts(descriptor.value)) return false;
  }
  return true;
}
