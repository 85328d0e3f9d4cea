import { quoteText } from './quote-text.js';

/**
 * A short description of any value for an error message: `"Question"`, `-1`, `NaN`,
 * `undefined`, `an array`, `a Date instance`. Never throws, never calls user code other than
 * a prototype lookup guarded by `try`.
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quoteText(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return 'a BigInt';
    case 'boolean':
      return String(value);
    case 'undefined':
      return 'undefined';
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    case 'object':
      return value === null ? 'null' : describeObject(value);
  }
}

function describeObject(value: object): string {
  try {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (Array.isArray(value)) {
      if (prototype === Array.prototype) return 'an array';
      if (prototype === null) return 'an array without a prototype';
    }
    if (prototype === null || prototype === Object.prototype) return 'an object';
    const name = constructorName(prototype);
    return name === undefined ? 'a class instance' : `${/^[AEIO]/.test(name) ? 'an' : 'a'} ${name} instance`;
  } catch {
    return 'an unreadable object';
  }
}

function constructorName(prototype: unknown): string | undefined {
  if (typeof prototype !== 'object' || prototype === null) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, 'constructor');
  const constructor: unknown = descriptor?.value;
  if (typeof constructor !== 'function') return undefined;
  const nameDescriptor = Object.getOwnPropertyDescriptor(constructor, 'name');
  const name: unknown = nameDescriptor?.value;
  return typeof name === 'string' && /^[A-Za-z_$][\w$]{0,59}$/.test(name) ? name : undefined;
}
