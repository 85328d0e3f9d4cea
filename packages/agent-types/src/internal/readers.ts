import { describeValue } from './describe-value.js';
import { detailValue } from './detail-value.js';
import { InputFault } from './input-issue.js';
import type { ReferenceCheck } from './reference.js';
import type { RuleCheck } from './rule.js';
import { suggestName } from './suggest-name.js';
import { countItems, enter, fail, leave, rewind, setKey, type Walk } from './walk.js';

/** Reads one part of an input against its compiled schema node: its checked copy, or an `InputFault`. */
export type Reader = (value: unknown, walk: Walk) => unknown;

/**
 * The readers every door is built of, one per kind of schema node, each taking what its node
 * says as plain parameters (bounds, messages, the readers of its parts). `compileReader` builds
 * them from a schema at run time; a door generated ahead of time (see `emitReader`) calls them
 * with the same parameters, so that a bundle holds only the readers its door uses.
 */

function got(value: unknown): string {
  return ` (got ${describeValue(value)})`;
}

/** Refuses `value`, which breaks `rule` (`type`, `enum`, `range`): it must be `expected`. */
function fault(walk: Walk, rule: 'type' | 'enum' | 'range', expected: string, value: unknown, limit?: number): never {
  return fail(walk, { rule, problem: `must be ${expected}${got(value)}`, expected, ...(limit === undefined ? {} : { limit }), actual: detailValue(value) });
}

function typeFault(walk: Walk, expected: string, value: unknown): never {
  return fault(walk, 'type', expected, value);
}

/** Values listed in a message: up to 20, then the count. */
export function listValues(values: readonly unknown[]): string {
  const quoted = values.slice(0, 20).map((value) => JSON.stringify(value));
  return values.length > 20 ? `${quoted.join(', ')}, … (${values.length} values)` : quoted.join(', ');
}

/** A value kept by reference once `check.accepts` it. */
/* @__NO_SIDE_EFFECTS__ */ export function referenceReader(check: ReferenceCheck): Reader {
  return (value, walk) => (check.accepts(value) ? value : typeFault(walk, check.expected, value));
}

/** One of `values` (a constant, an enum, a union of constants). */
/* @__NO_SIDE_EFFECTS__ */ export function constantsReader(values: readonly unknown[], expected: string): Reader {
  const known = new Set(values);
  return (value, walk) => (known.has(value) ? value : fault(walk, 'enum', expected, value));
}

/** A value of one `typeof` kind (`null` for null), kept as it is. */
/* @__NO_SIDE_EFFECTS__ */ export function kindReader(kind: 'boolean' | 'function' | 'undefined' | 'null', expected: string): Reader {
  return (value, walk) => ((value === null ? 'null' : typeof value) === kind ? value : typeFault(walk, expected, value));
}

/** A string within its length bounds, matching `pattern` (a `u` regular expression's source) when given. */
/* @__NO_SIDE_EFFECTS__ */ export function stringReader(expected: string, minLength?: number, maxLength?: number, pattern?: string): Reader {
  const test = pattern === undefined ? undefined : { source: pattern, regexp: new RegExp(pattern, 'u') };
  return (value, walk) => {
    if (typeof value !== 'string') return typeFault(walk, expected, value);
    if (minLength !== undefined && value.length < minLength) {
      const problem = minLength === 1 ? 'must not be empty' : `must have at least ${minLength} characters (got ${value.length})`;
      fail(walk, { rule: 'length', problem, limit: minLength, actual: value.length });
    }
    if (maxLength !== undefined && value.length > maxLength) {
      fail(walk, { rule: 'length', problem: `must have at most ${maxLength} characters (got ${value.length})`, limit: maxLength, actual: value.length });
    }
    if (test !== undefined && !test.regexp.test(value)) {
      fail(walk, { rule: 'pattern', problem: `must match ${test.source}${got(value)}`, expected: test.source, actual: detailValue(value) });
    }
    return value;
  };
}

/** A finite number (an integer when `integer`) within its bounds, each inclusive unless marked exclusive. */
/* @__NO_SIDE_EFFECTS__ */ export function numberReader(expected: string, integer: boolean, minimum?: number, maximum?: number, exclusiveMinimum = false, exclusiveMaximum = false): Reader {
  return (value, walk) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) return typeFault(walk, expected, value);
    const crossed =
      minimum !== undefined && (exclusiveMinimum ? value <= minimum : value < minimum)
        ? minimum
        : maximum !== undefined && (exclusiveMaximum ? value >= maximum : value > maximum)
          ? maximum
          : undefined;
    if (crossed !== undefined) fault(walk, 'range', expected, value, crossed);
    return value;
  };
}

/** A plain list within its length bounds, each item read by `item`, copied. */
/* @__NO_SIDE_EFFECTS__ */ export function arrayReader(item: Reader, minItems?: number, maxItems?: number): Reader {
  return (value, walk) => {
    if (!Array.isArray(value)) return typeFault(walk, 'a list', value);
    if (Object.getPrototypeOf(value) !== Array.prototype) {
      fail(walk, { rule: 'plain', problem: `must be a plain list${got(value)}`, expected: 'a list', actual: detailValue(value) });
    }
    const list = value as readonly unknown[];
    const length = list.length;
    if (maxItems !== undefined && length > maxItems) fail(walk, { rule: 'length', problem: `must have at most ${maxItems} items (got ${length})`, limit: maxItems, actual: length });
    if (minItems !== undefined && length < minItems) {
      const problem = minItems === 1 ? 'must not be empty' : `must have at least ${minItems} items (got ${length})`;
      fail(walk, { rule: 'length', problem, limit: minItems, actual: length });
    }
    countItems(walk, length);
    enter(walk, list);
    const copy: unknown[] = [];
    for (let index = 0; index < length; index++) {
      walk.path.push(index);
      const part = list[index];
      if (part === undefined && !(index in list)) fail(walk, { rule: 'hole', problem: 'is a hole in the list' });
      copy.push(item(part, walk));
      walk.path.pop();
    }
    leave(walk, list);
    return copy;
  };
}

/** A declared property of an {@link objectReader}: its name, its reader, what it wants, and whether it takes `undefined` as a value. */
export type ObjectProperty = readonly [key: string, reader: Reader, expected: string, takesUndefined: boolean];

/** What an {@link objectReader} reads. */
export interface ObjectShape {
  /** What the object is, in words (`a plain object`, or a live object's own words). */
  readonly expected: string;
  /** The declared properties, in order. */
  readonly properties: readonly ObjectProperty[];
  /** The names of the required ones. */
  readonly required: readonly string[];
  /** Readers of keys matching a pattern (a `su` regular expression's source). */
  readonly patterns: readonly (readonly [pattern: string, reader: Reader])[];
  /** The reader of any other key. */
  readonly others?: Reader | undefined;
  /** Refuse any other key. */
  readonly closed: boolean;
  /** A live object: only the declared properties are read, and its methods bound to it. */
  readonly live: boolean;
}

/**
 * An object read once into a copy (a live object into a plain object of its declared
 * properties): unknown keys refused when closed, with a suggestion; required ones checked.
 */
/* @__NO_SIDE_EFFECTS__ */ export function objectReader(shape: ObjectShape): Reader {
  const { expected, required, closed, live: isLive } = shape;
  const readers = new Map(shape.properties.map(([key, reader]) => [key, reader] as const));
  const wants = new Map(shape.properties.map(([key, , wanted]) => [key, wanted] as const));
  const keepsUndefined = new Set(shape.properties.filter((property) => property[3]).map(([key]) => key));
  // dotAll: TypeBox's `Type.Record(Type.String(), …)` keys are `^.*$`, meant as any key, a key with a newline included.
  const patterns = shape.patterns.map(([pattern, reader]) => [new RegExp(pattern, 'su'), reader] as const);
  const { others } = shape;
  const names = [...readers.keys()];
  // The declared readers in the order of `names` (a live object is read by them, without a map iterator's entry per property).
  const declared = [...readers.values()];
  const readerOf = (key: string): Reader | undefined => readers.get(key) ?? patterns.find(([pattern]) => pattern.test(key))?.[1] ?? others;

  const readPart = (holder: object, key: string, reader: Reader, copy: Record<string, unknown>, walk: Walk): void => {
    walk.path.push(key);
    const part = (holder as Readonly<Record<string, unknown>>)[key];
    if (part !== undefined || keepsUndefined.has(key) || !readers.has(key)) {
      const read = reader(part, walk);
      // A live object's methods keep the App's object as `this`.
      setKey(copy, key, isLive && typeof read === 'function' ? (read as (...args: unknown[]) => unknown).bind(holder) : read);
    }
    walk.path.pop();
  };

  return (value, walk) => {
    if (isLive) {
      if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return typeFault(walk, expected, value);
    } else {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return typeFault(walk, expected, value);
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) {
        fail(walk, { rule: 'plain', problem: `must be a plain object${got(value)}`, expected, actual: detailValue(value) });
      }
    }
    enter(walk, value);
    const copy: Record<string, unknown> = {};
    if (isLive) {
      // Only what the library uses is read.
      for (let index = 0; index < names.length; index++) readPart(value, names[index] as string, declared[index] as Reader, copy, walk);
    } else {
      const keys = Object.keys(value);
      countItems(walk, keys.length);
      if (closed) {
        for (const key of keys) {
          if (readerOf(key) !== undefined) continue;
          const suggestion = suggestName(key, names);
          const known = names.join(', ');
          walk.path.push(key);
          fail(walk, {
            rule: 'unknown',
            problem: `is not a known field${suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`}; known: ${known}`,
            expected: `one of ${known}`,
            ...(suggestion === undefined ? {} : { suggestion }),
          });
        }
      }
      for (const key of keys) {
        const reader = readerOf(key);
        if (reader !== undefined) readPart(value, key, reader, copy, walk);
      }
    }
    for (const key of required) {
      if (Object.prototype.hasOwnProperty.call(copy, key)) continue;
      walk.path.push(key);
      fail(walk, { rule: 'required', problem: 'is required', expected: wants.get(key) ?? 'JSON' });
    }
    leave(walk, value);
    return copy;
  };
}

/** The kind of a value a union tells its members apart by. */
export type ValueKind = 'string' | 'number' | 'boolean' | 'null' | 'undefined' | 'function' | 'object' | 'array' | 'bigint' | 'symbol';

/** The {@link ValueKind} of `value`. */
export function kindOfValue(value: unknown): ValueKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** How a union picks its object member: by the constant at `key`, each value naming one member's reader. */
export type UnionTag = readonly [key: string, members: readonly (readonly [value: unknown, reader: Reader])[]];

/**
 * A union read by the kind of its value: the members that take that kind, one of them picked by
 * a constant tag property for objects (`type: 'text'`, `role: 'tool'`), tried in order for other
 * kinds (which hold no getters to read twice).
 */
/* @__NO_SIDE_EFFECTS__ */ export function unionReader(expected: string, byKind: readonly (readonly [kind: ValueKind, readers: readonly Reader[]])[], tag?: UnionTag): Reader {
  const candidatesOf = new Map(byKind);
  const members = tag === undefined ? undefined : new Map(tag[1]);
  const tagValues = tag === undefined ? '' : `one of ${listValues(tag[1].map(([value]) => value))}`;
  return (value, walk) => {
    const kind = kindOfValue(value);
    const candidates = candidatesOf.get(kind);
    if (candidates === undefined) return typeFault(walk, expected, value);
    if (kind === 'object' && tag !== undefined && members !== undefined) {
      const key = tag[0];
      walk.path.push(key);
      const actual = (value as Readonly<Record<string, unknown>>)[key];
      const member = members.get(actual);
      if (member === undefined) fault(walk, 'enum', tagValues, actual);
      walk.path.pop();
      return member(value, walk);
    }
    if (candidates.length === 1) return (candidates[0] as Reader)(value, walk);
    // A member that refuses the value may have stepped into it: the next one starts where it did.
    const { items } = walk;
    const depth = walk.ancestors.length;
    const at = walk.path.length;
    for (const reader of candidates) {
      try {
        return reader(value, walk);
      } catch (error) {
        if (!(error instanceof InputFault)) throw error;
        walk.path.length = at;
        walk.items = items;
        rewind(walk, depth);
      }
    }
    return typeFault(walk, expected, value);
  };
}

/** A plain `Type.Refine` refinement: a predicate and the message of a value it refuses. */
export interface Refinement {
  readonly check: (value: unknown) => boolean;
  readonly error: (value: unknown) => string;
}

/** `reader`, then each refinement on its checked copy: a structured {@link RuleCheck} (from `rule`) or a plain {@link Refinement}. */
/* @__NO_SIDE_EFFECTS__ */ export function refinedReader(reader: Reader, refinements: readonly (RuleCheck<never> | Refinement)[]): Reader {
  return (value, walk) => {
    const copy = reader(value, walk);
    for (const refinement of refinements) {
      if (typeof refinement === 'function') {
        const issue = (refinement as RuleCheck<unknown>)(copy);
        if (issue !== undefined) fail(walk, issue);
      } else if (!refinement.check(copy)) {
        fail(walk, { rule: 'rule', problem: refinement.error(copy) });
      }
    }
    return copy;
  };
}
