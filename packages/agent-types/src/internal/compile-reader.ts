import { LIVE } from './live.js';
import { readJson } from './read-json.js';
import {
  arrayReader,
  constantsReader,
  kindOfValue,
  kindReader,
  listValues,
  numberReader,
  objectReader,
  referenceReader,
  refinedReader,
  stringReader,
  unionReader,
  type Reader,
  type Refinement,
  type ValueKind,
} from './readers.js';
import { REFERENCE, type ReferenceCheck } from './reference.js';
import { structuredRule } from './rule.js';

export type { Reader } from './readers.js';

type SchemaNode = Readonly<Record<string, unknown>>;

/** The JSON Schema keywords the door understands; any other in a door schema is a mistake in the library. */
const KEYWORDS = new Set([
  'type', 'description', 'title', 'default', 'examples', '$id', 'const', 'enum', 'anyOf',
  'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'properties', 'required', 'additionalProperties', 'patternProperties', 'items', 'minItems', 'maxItems',
  'parameters', 'returnType', 'expected',
]);

/** The readers a {@link ReaderPlan} names, by name. */
export const READERS = {
  arrayReader,
  constantsReader,
  kindReader,
  numberReader,
  objectReader,
  referenceReader,
  refinedReader,
  stringReader,
  unionReader,
} as const;

/** The reader of a child schema node, in a {@link ReaderPlan}'s arguments. */
export class ChildReader {
  constructor(readonly node: SchemaNode) {}
}

/**
 * How to build the reader of one schema node: which of {@link READERS} to call, with which
 * arguments (JSON values, functions and objects of the schema's own, nested plans, and
 * {@link ChildReader}s; `readJson` itself for a node of any JSON). `compileReader` calls it; a
 * door generated ahead of time prints it (see `emitReader`).
 */
export type ReaderPlan = { readonly make: keyof typeof READERS; readonly args: readonly unknown[] } | typeof readJson;

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
  const reader = build(readerPlan(node));
  compiled.set(node, reader);
  return reader;
}

function build(plan: ReaderPlan): Reader {
  if (typeof plan === 'function') return plan;
  const factory = READERS[plan.make] as (...args: unknown[]) => Reader;
  return factory(...plan.args.map(argument));
}

function argument(value: unknown): unknown {
  if (value instanceof ChildReader) return compileReader(value.node);
  if (Array.isArray(value)) return value.map(argument);
  if (typeof value === 'object' && value !== null && 'make' in value) return build(value as ReaderPlan);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, part]) => [key, argument(part)]));
  }
  return value;
}

/** The {@link ReaderPlan} of one schema node (its refinements included). */
export function readerPlan(node: SchemaNode): ReaderPlan {
  for (const keyword of Object.keys(node)) {
    if (!KEYWORDS.has(keyword)) throw new Error(`door schema: keyword ${keyword} is not supported`);
  }
  const base = basePlan(node);
  const refinements = node['~refine'] as readonly Refinement[] | undefined;
  if (refinements === undefined || refinements.length === 0) return base;
  return { make: 'refinedReader', args: [base, refinements.map((refinement) => structuredRule(refinement.check) ?? refinement)] };
}

const child = (node: unknown): ChildReader => new ChildReader(node as SchemaNode);

function basePlan(node: SchemaNode): ReaderPlan {
  const check = node[REFERENCE] as ReferenceCheck | undefined;
  if (check !== undefined) return { make: 'referenceReader', args: [check] };
  if ('const' in node) return { make: 'constantsReader', args: [[node.const], JSON.stringify(node.const)] };
  if (Array.isArray(node.enum)) return { make: 'constantsReader', args: [node.enum, `one of ${listValues(node.enum)}`] };
  if (Array.isArray(node.anyOf)) return unionPlan(node.anyOf as SchemaNode[]);
  switch (node.type) {
    case 'string':
      return { make: 'stringReader', args: trimmed([expectedOf(node), node.minLength, node.maxLength, typeof node.pattern === 'string' ? node.pattern : undefined]) };
    case 'number':
    case 'integer':
      return numberPlan(node);
    case 'boolean':
    case 'function':
    case 'undefined':
    case 'null':
      return { make: 'kindReader', args: [node.type, node.type === 'undefined' || node.type === 'null' ? node.type : `a ${node.type}`] };
    case 'object':
      return objectPlan(node);
    case 'array':
      return { make: 'arrayReader', args: trimmed([typeof node.items === 'object' && node.items !== null ? child(node.items) : readJson, node.minItems, node.maxItems]) };
    case undefined:
      return readJson;
    default:
      throw new Error(`door schema: type ${String(node.type)} is not supported`);
  }
}

/** `args` without its trailing `undefined`s (optional parameters left out). */
function trimmed(args: readonly unknown[]): readonly unknown[] {
  let length = args.length;
  while (length > 0 && args[length - 1] === undefined) length--;
  return args.slice(0, length);
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

function numberPlan(node: SchemaNode): ReaderPlan {
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
  return { make: 'numberReader', args: trimmed([expected, integer, minimum, maximum, exclusiveMinimum || undefined, exclusiveMaximum || undefined]) };
}

/** True when a node takes `undefined` as a value (so an `undefined` property is not "absent"). */
function takesUndefined(node: SchemaNode): boolean {
  if (node.type === 'undefined') return true;
  return Array.isArray(node.anyOf) && (node.anyOf as SchemaNode[]).some(takesUndefined);
}

function objectPlan(node: SchemaNode): ReaderPlan {
  const properties = (node.properties ?? {}) as Readonly<Record<string, SchemaNode>>;
  const additional = node.additionalProperties;
  return {
    make: 'objectReader',
    args: [
      {
        expected: expectedOf(node),
        properties: Object.entries(properties).map(([key, schema]) => [key, child(schema), expectedOf(schema), takesUndefined(schema)]),
        required: (node.required ?? []) as readonly string[],
        patterns: Object.entries((node.patternProperties ?? {}) as Readonly<Record<string, SchemaNode>>).map(([pattern, schema]) => [pattern, child(schema)]),
        others: typeof additional === 'object' && additional !== null ? child(additional) : undefined,
        closed: additional === false,
        live: node[LIVE] === true,
      },
    ],
  };
}

const JSON_KINDS: readonly ValueKind[] = ['string', 'number', 'boolean', 'null', 'object', 'array'];
const ALL_KINDS: readonly ValueKind[] = [...JSON_KINDS, 'undefined', 'function', 'bigint', 'symbol'];

/** The kinds of value a node can take. */
function kindsOf(node: SchemaNode): readonly ValueKind[] {
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
      return [node.type as ValueKind];
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
 * The plan of a union, read by the kind of its value: the members that take that kind, one of
 * them picked by a constant tag property for objects (`type: 'text'`, `role: 'tool'`), tried in
 * order for other kinds; a union of constants is one set lookup.
 */
function unionPlan(members: readonly SchemaNode[]): ReaderPlan {
  if (members.every((node) => 'const' in node || Array.isArray(node.enum))) {
    const constants = members.flatMap((node) => ('const' in node ? [node.const] : (node.enum as unknown[])));
    return { make: 'constantsReader', args: [constants, `one of ${listValues(constants)}`] };
  }
  const byKind = new Map<ValueKind, SchemaNode[]>();
  for (const node of members) for (const kind of kindsOf(node)) byKind.set(kind, [...(byKind.get(kind) ?? []), node]);
  const objects = byKind.get('object') ?? [];
  const expected = [...new Set(members.map(expectedOf))].join(' or ');
  const kinds = [...byKind].map(([kind, nodes]) => [kind, nodes.map(child)]);
  if (objects.length <= 1) return { make: 'unionReader', args: [expected, kinds] };
  // Objects are read by their tag, once; other kinds by trying the members in order (a list
  // tried twice is read twice, but only the copy one member accepted is kept).
  const key = Object.keys(objects[0]?.properties ?? {}).find((name) => objects.every((node) => tagValues(node, name) !== undefined));
  if (key === undefined) throw new Error('door schema: a union of objects needs a constant tag property its members share');
  const byTag = new Map<unknown, SchemaNode>();
  for (const node of objects) for (const value of tagValues(node, key) ?? []) if (!byTag.has(value)) byTag.set(value, node);
  return { make: 'unionReader', args: [expected, kinds, [key, [...byTag].map(([value, node]) => [value, child(node)])]] };
}
