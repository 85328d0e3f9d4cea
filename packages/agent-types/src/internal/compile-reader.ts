import { describeValue } from './describe-value.js';
import { detailValue } from './detail-value.js';
import { InputFault } from './input-issue.js';
import { LIVE } from './live.js';
import { readJson } from './read-json.js';
import { REFERENCE, type ReferenceCheck } from './reference.js';
import { structuredRule } from './rule.js';
import { suggestName } from './suggest-name.js';
import { countItems, enter, fail, leave, rewind, setKey, type Walk } from './walk.js';

/** Reads one part of an input against its compiled schema node: its checked copy, or an `InputFault`. */
export type Reader = (value: unknown, walk: Walk) => unknown;

type SchemaNode = Readonly<Record<string, unknown>>;

/** The JSON Schema keywords the door understands; any other in a door schema is a mistake in the library. */
const KEYWORDS = new Set([
  'type', 'description', 'title', 'default', 'examples', '$id', 'const', 'enum', 'anyOf',
  'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'properties', 'required', 'additionalProperties', 'patternProperties', 'items', 'minItems', 'maxItems',
  'parameters', 'returnType', 'expected',
]);

const compiled = new WeakMap<object, Reader>();

/**
 * Compiles a door schema (a TypeBox schema of the subset the door reads) into a {@link Reader},
 * once per schema node.
 *
 * @throws Error for a keyword outside the subset, or a union the door could only read by trying
 * its members on an object (two object members without a shared constant tag): a mistake in the
 * library's own schemas, found when the module loads.
 */
export function compileReader(schema: unknown): Reader {
  const node = schema as SchemaNode;
  const known = compiled.get(node);
  if (known !== undefined) return known;
  for (const keyword of Object.keys(node)) {
    if (!KEYWORDS.has(keyword)) throw new Error(`door schema: keyword ${keyword} is not supported`);
  }
  const reader = withRefinements(node, baseReader(node));
  compiled.set(node, reader);
  return reader;
}

function baseReader(node: SchemaNode): Reader {
  const check = node[REFERENCE] as ReferenceCheck | undefined;
  if (check !== undefined) return referenceReader(check);
  if ('const' in node) return constantsReader([node.const]);
  if (Array.isArray(node.enum)) return constantsReader(node.enum);
  if (Array.isArray(node.anyOf)) return unionReader(node.anyOf as SchemaNode[]);
  switch (node.type) {
    case 'string':
      return stringReader(node);
    case 'number':
    case 'integer':
      return numberReader(node);
    case 'boolean':
    case 'function':
    case 'undefined':
    case 'null':
      return kindReader(node.type);
    case 'object':
      return objectReader(node);
    case 'array':
      return arrayReader(node);
    case undefined:
      return readJson;
    default:
      throw new Error(`door schema: type ${String(node.type)} is not supported`);
  }
}

/** What a node wants, in words: `a string`, `"auto"`, `an AbortSignal`. */
export function expectedOf(node: SchemaNode): string {
  if (typeof node.expected === 'string') return node.expected;
  const check = node[REFERENCE] as ReferenceCheck | undefined;
  if (check !== undefined) return check.expected;
  if ('const' in node) return JSON.stringify(node.const);
  if (Array.isArray(node.enum)) return `one of ${listValues(node.enum)}`;
  if (Array.isArray(node.anyOf)) return [...new Set((node.anyOf as SchemaNode[]).map(expectedOf))].join(' or ');
  switch (node.type) {
    case 'string':
      return node.minLength === 1 ? 'a non-empty string' : 'a string';
    case 'number':
      return 'a number';
    case 'integer':
      return 'an integer';
    case 'boolean':
      return 'a boolean';
    case 'function':
      return 'a function';
    case 'undefined':
      return 'undefined';
    case 'null':
      return 'null';
    case 'object':
      return node[LIVE] === true ? 'an object' : 'a plain object';
    case 'array':
      return 'a list';
    default:
      return 'JSON';
  }
}

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
function listValues(values: readonly unknown[]): string {
  const quoted = values.slice(0, 20).map((value) => JSON.stringify(value));
  return values.length > 20 ? `${quoted.join(', ')}, … (${values.length} values)` : quoted.join(', ');
}

function referenceReader(check: ReferenceCheck): Reader {
  return (value, walk) => (check.accepts(value) ? value : typeFault(walk, check.expected, value));
}

function constantsReader(values: readonly unknown[]): Reader {
  const expected = values.length === 1 ? JSON.stringify(values[0]) : `one of ${listValues(values)}`;
  return (value, walk) => (values.includes(value) ? value : fault(walk, 'enum', expected, value));
}

function kindReader(kind: 'boolean' | 'function' | 'undefined' | 'null'): Reader {
  const expected = kind === 'undefined' || kind === 'null' ? kind : `a ${kind}`;
  return (value, walk) => {
    const actual = value === null ? 'null' : typeof value;
    return actual === kind ? value : typeFault(walk, expected, value);
  };
}

function stringReader(node: SchemaNode): Reader {
  const minLength = node.minLength as number | undefined;
  const maxLength = node.maxLength as number | undefined;
  const pattern = typeof node.pattern === 'string' ? { source: node.pattern, test: new RegExp(node.pattern, 'u') } : undefined;
  const expected = expectedOf(node);
  return (value, walk) => {
    if (typeof value !== 'string') return typeFault(walk, expected, value);
    if (minLength !== undefined && value.length < minLength) {
      const problem = minLength === 1 ? 'must not be empty' : `must have at least ${minLength} characters (got ${value.length})`;
      fail(walk, { rule: 'length', problem, limit: minLength, actual: value.length });
    }
    if (maxLength !== undefined && value.length > maxLength) {
      fail(walk, { rule: 'length', problem: `must have at most ${maxLength} characters (got ${value.length})`, limit: maxLength, actual: value.length });
    }
    if (pattern !== undefined && !pattern.test.test(value)) {
      fail(walk, { rule: 'pattern', problem: `must match ${pattern.source}${got(value)}`, expected: pattern.source, actual: detailValue(value) });
    }
    return value;
  };
}

function numberReader(node: SchemaNode): Reader {
  const integer = node.type === 'integer';
  const minimum = (node.minimum ?? node.exclusiveMinimum) as number | undefined;
  const maximum = (node.maximum ?? node.exclusiveMaximum) as number | undefined;
  const exclusiveMinimum = node.exclusiveMinimum !== undefined;
  const exclusiveMaximum = node.exclusiveMaximum !== undefined;
  const kind = integer ? 'an integer' : 'a finite number';
  const low = minimum === undefined ? '' : exclusiveMinimum ? `greater than ${minimum}` : `at least ${minimum}`;
  const high = maximum === undefined ? '' : exclusiveMaximum ? `less than ${maximum}` : `at most ${maximum}`;
  const expected =
    minimum !== undefined && maximum !== undefined && !exclusiveMinimum && !exclusiveMaximum
      ? `${kind} from ${minimum} to ${maximum}`
      : `${kind}${low === '' ? '' : ` ${low}`}${high === '' ? '' : `${low === '' ? ' ' : ' and '}${high}`}`;
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

function arrayReader(node: SchemaNode): Reader {
  const item = typeof node.items === 'object' && node.items !== null ? compileReader(node.items) : readJson;
  const minItems = node.minItems as number | undefined;
  const maxItems = node.maxItems as number | undefined;
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

/** True when a node takes `undefined` as a value (so an `undefined` property is not "absent"). */
function takesUndefined(node: SchemaNode): boolean {
  if (node.type === 'undefined') return true;
  return Array.isArray(node.anyOf) && (node.anyOf as SchemaNode[]).some(takesUndefined);
}

function objectReader(node: SchemaNode): Reader {
  const properties = (node.properties ?? {}) as Readonly<Record<string, SchemaNode>>;
  const readers = new Map(Object.entries(properties).map(([key, schema]) => [key, compileReader(schema)] as const));
  const keepsUndefined = new Set(Object.entries(properties).filter(([, schema]) => takesUndefined(schema)).map(([key]) => key));
  const required = (node.required ?? []) as readonly string[];
  const patterns = Object.entries((node.patternProperties ?? {}) as Readonly<Record<string, SchemaNode>>).map(
    // dotAll: TypeBox's `Type.Record(Type.String(), …)` keys are `^.*$`, meant as any key, a key with a newline included.
    ([pattern, schema]) => [new RegExp(pattern, 'su'), compileReader(schema)] as const,
  );
  const additional = node.additionalProperties;
  const others = typeof additional === 'object' && additional !== null ? compileReader(additional) : undefined;
  const closed = additional === false;
  const names = [...readers.keys()];
  // The declared readers in the order of `names` (a live object is read by them, without a map iterator's entry per property).
  const declared = [...readers.values()];
  const isLive = node[LIVE] === true;
  const expected = expectedOf(node);
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
      fail(walk, { rule: 'required', problem: 'is required', expected: expectedOf(properties[key] ?? {}) });
    }
    leave(walk, value);
    return copy;
  };
}

type Kind = 'string' | 'number' | 'boolean' | 'null' | 'undefined' | 'function' | 'object' | 'array' | 'bigint' | 'symbol';
const JSON_KINDS: readonly Kind[] = ['string', 'number', 'boolean', 'null', 'object', 'array'];
const ALL_KINDS: readonly Kind[] = [...JSON_KINDS, 'undefined', 'function', 'bigint', 'symbol'];

function kindOfValue(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The kinds of value a node can take. */
function kindsOf(node: SchemaNode): readonly Kind[] {
  if (node[REFERENCE] !== undefined) return ALL_KINDS;
  if ('const' in node) return [kindOfValue(node.const)];
  if (Array.isArray(node.enum)) return [...new Set(node.enum.map(kindOfValue))];
  if (Array.isArray(node.anyOf)) return [...new Set((node.anyOf as SchemaNode[]).flatMap(kindsOf))];
  switch (node.type) {
    case 'integer':
      return ['number'];
    case 'object':
      return node[LIVE] === true ? ['object', 'function'] : ['object'];
    case undefined:
      return JSON_KINDS;
    default:
      return [node.type as Kind];
  }
}

/** The constant of a union member's tag property, when it fixes one. */
function tagValues(node: SchemaNode, key: string): readonly unknown[] | undefined {
  const property = (node.properties as Readonly<Record<string, SchemaNode>> | undefined)?.[key];
  if (property === undefined) return undefined;
  if ('const' in property) return [property.const];
  if (Array.isArray(property.enum)) return property.enum as unknown[];
  if (Array.isArray(property.anyOf) && (property.anyOf as SchemaNode[]).every((member) => 'const' in member)) return (property.anyOf as SchemaNode[]).map((member) => member.const);
  return undefined;
}

/**
 * A union read by the kind of its value: the members that take that kind, one of them picked by a
 * constant tag property for objects (`type: 'text'`, `role: 'tool'`), tried in order for other
 * kinds (which hold no getters to read twice).
 */
function unionReader(members: readonly SchemaNode[]): Reader {
  const byKind = new Map<Kind, { readonly node: SchemaNode; readonly reader: Reader }[]>();
  for (const node of members) {
    const entry = { node, reader: compileReader(node) };
    for (const kind of kindsOf(node)) byKind.set(kind, [...(byKind.get(kind) ?? []), entry]);
  }
  const objects = byKind.get('object') ?? [];
  let tag: { readonly key: string; readonly members: ReadonlyMap<unknown, Reader>; readonly values: readonly unknown[] } | undefined;
  if (objects.length > 1) {
    // Objects are read by their tag, once; other kinds by trying the members in order (a list
    // tried twice is read twice, but only the copy one member accepted is kept).
    const keys = Object.keys((objects[0]?.node.properties ?? {})).filter((key) => objects.every(({ node }) => tagValues(node, key) !== undefined));
    const key = keys[0];
    if (key === undefined) throw new Error('door schema: a union of objects needs a constant tag property its members share');
    const byTag = new Map<unknown, Reader>();
    for (const { node, reader } of objects) for (const value of tagValues(node, key) ?? []) if (!byTag.has(value)) byTag.set(value, reader);
    tag = { key, members: byTag, values: [...byTag.keys()] };
  }
  const expected = [...new Set(members.map(expectedOf))].join(' or ');
  if (members.every((node) => 'const' in node || Array.isArray(node.enum))) {
    // A union of constants (`'auto' | 'required'`, a literal union) is one set lookup, not a try per member.
    const constants = members.flatMap((node) => ('const' in node ? [node.const] : (node.enum as unknown[])));
    const constantSet = new Set(constants);
    const oneOf = `one of ${listValues(constants)}`;
    return (value, walk) => (constantSet.has(value) ? value : fault(walk, 'enum', oneOf, value));
  }
  return (value, walk) => {
    const kind = kindOfValue(value);
    const candidates = byKind.get(kind);
    if (candidates === undefined) return typeFault(walk, expected, value);
    if (kind === 'object' && tag !== undefined) {
      walk.path.push(tag.key);
      const actual = (value as Readonly<Record<string, unknown>>)[tag.key];
      const member = tag.members.get(actual);
      if (member === undefined) fault(walk, 'enum', `one of ${listValues(tag.values)}`, actual);
      walk.path.pop();
      return member(value, walk);
    }
    if (candidates.length === 1) return (candidates[0] as { readonly reader: Reader }).reader(value, walk);
    // A member that refuses the value may have stepped into it: the next one starts where it did.
    const { items } = walk;
    const depth = walk.ancestors.length;
    const at = walk.path.length;
    for (const { reader } of candidates) {
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

interface Refinement {
  readonly check: (value: unknown) => boolean;
  readonly error: (value: unknown) => string;
}

/** Runs a node's refinements (`Type.Refine`, {@link rule}) on the checked copy. */
function withRefinements(node: SchemaNode, reader: Reader): Reader {
  const refinements = node['~refine'] as readonly Refinement[] | undefined;
  if (refinements === undefined || refinements.length === 0) return reader;
  return (value, walk) => {
    const copy = reader(value, walk);
    for (const refinement of refinements) {
      const structured = structuredRule(refinement.check);
      if (structured !== undefined) {
        const issue = structured(copy);
        if (issue !== undefined) fail(walk, issue);
      } else if (!refinement.check(copy)) {
        fail(walk, { rule: 'rule', problem: refinement.error(copy) });
      }
    }
    return copy;
  };
}
