/*
 * The check of tool arguments: TypeBox's compiler (loaded only by the first tool stage, see
 * `compile-tools.ts`) with readable issues.
 */
import type { Static, TSchema } from 'typebox';
import { Compile } from '@jangts/agent-types/internal/typebox-compile';
import { pointerKeys, pointerToken } from './json-pointer.js';
import { unionBranches, type UnionBranches } from './union-branch.js';

/** One reason a value does not match a schema: the JSON pointer of the value and the message. */
export interface SchemaIssue {
  /** JSON pointer into the checked value (`''` for the value itself). */
  readonly path: string;
  readonly message: string;
}

/** A compiled TypeBox check with readable issues. */
export interface SchemaValidator<TShape extends TSchema> {
  /** The schema this validator checks. */
  readonly schema: TShape;
  /** True when `value` (plain JSON) matches the schema. */
  check(value: unknown): value is Static<TShape>;
  /** Up to `max` issues explaining why `value` (plain JSON) does not match (empty when it does). */
  issues(value: unknown, max?: number): SchemaIssue[];
}

/**
 * Compiles `schema` (a JSON Schema object the runner checked and copied) once for repeated checks.
 *
 * @throws what TypeBox's compiler throws for a schema it cannot compile (a bad `pattern`, say).
 */
export function compileSchema<TShape extends TSchema>(schema: TShape): SchemaValidator<TShape> {
  const compiled = Compile(schema);
  // A discriminated union (`type: 'finish'`, `role: 'tool'`) explains a value by the member its
  // discriminator names, not by the union's first member.
  const branchOf = unionBranches(schema, compileMember);
  const nested: NestedBranches = new Map();
  return {
    schema,
    check: (value: unknown): value is Static<TShape> => compiled.Check(value),
    issues(value, max = 8) {
      if (compiled.Check(value)) return [];
      const branch = branchOf?.pick(value);
      const found = branch === undefined ? [] : branch.issues(value, max);
      // A member that cannot explain the value on its own (it refers to the root's definitions,
      // say) leaves it to the whole union.
      if (found.length > 0) return found;
      return explainIssues(schema, [...compiled.Errors(value)], value, max, nested);
    },
  };
}

/** The discriminated unions nested in a schema, by schema pointer (`undefined`: not one), found when first needed. */
type NestedBranches = Map<string, UnionBranches<SchemaValidator<TSchema>> | undefined>;

/**
 * Up to `max` issues from TypeBox's errors, explaining each discriminated union nested in an
 * object or list (`action: { type: 'search', … } | { type: 'open', … }`) as `compileSchema`
 * explains a root one: by the member its tag names, or, when it names none, by one issue listing
 * the tags. Every other error is worded by {@link collectIssues}, in order.
 */
function explainIssues(schema: unknown, errors: readonly TypeBoxError[], value: unknown, max: number, nested: NestedBranches): SchemaIssue[] {
  const found: SchemaIssue[] = [];
  const add = (issues: readonly SchemaIssue[]): void => {
    for (const issue of issues) {
      if (!found.some((known) => known.path === issue.path && known.message === issue.message)) found.push(issue);
    }
  };
  let plain: TypeBoxError[] = [];
  let rest = errors;
  while (rest.length > 0 && found.length < max) {
    const [error, ...others] = rest as [TypeBoxError, ...TypeBoxError[]];
    const union = explainNestedUnion(schema, error, value, max, nested);
    if (union === undefined) {
      plain.push(error);
      rest = others;
      continue;
    }
    add(collectIssues(plain, max, schema));
    plain = [];
    add(union.issues);
    // The union's other errors at the same place are explained with it.
    const ownError = (other: TypeBoxError): boolean =>
      (other.schemaPath.startsWith(`${union.unionPath}/anyOf/`) || other.schemaPath === union.unionPath) &&
      (other.instancePath === union.at || other.instancePath.startsWith(`${union.at}/`));
    rest = others.filter((other) => !ownError(other));
  }
  add(collectIssues(plain, max, schema));
  return found.slice(0, max);
}

/**
 * The issues of the nested discriminated union `error` comes from (at instance path `at`), or
 * `undefined` when it comes from none, or one that cannot explain it.
 */
function explainNestedUnion(
  schema: unknown,
  error: TypeBoxError,
  value: unknown,
  max: number,
  nested: NestedBranches,
): { readonly unionPath: string; readonly at: string; readonly issues: readonly SchemaIssue[] } | undefined {
  const unionPath = /^(.*?)\/anyOf\/\d+(?=\/|$)/.exec(error.schemaPath)?.[1] ?? (error.keyword === 'anyOf' ? error.schemaPath : undefined);
  // The root's own union is compileSchema's branch.
  if (unionPath === undefined || unionPath === '#') return undefined;
  if (!nested.has(unionPath)) nested.set(unionPath, unionBranches(resolvePointer(schema, unionPath), compileMember));
  const branches = nested.get(unionPath);
  const at = branches === undefined ? undefined : unionInstancePath(error, unionPath);
  if (branches === undefined || at === undefined) return undefined;
  const target = valueAt(value, at);
  const member = branches.pick(target);
  if (member !== undefined) {
    const found = member.issues(target, max);
    return found.length === 0 ? undefined : { unionPath, at, issues: found.map(({ path, message }) => ({ path: `${at}${path}`, message })) };
  }
  if (typeof target !== 'object' || target === null || Array.isArray(target)) return undefined;
  for (const [key, values] of branches.discriminators) {
    if (values.includes((target as Record<string, unknown>)[key])) continue;
    const listed = listValues([...new Set(values.map((allowed) => JSON.stringify(allowed)))]);
    return { unionPath, at, issues: [{ path: `${at}/${pointerToken(key)}`, message: `must be one of ${listed}` }] };
  }
  return undefined;
}

/**
 * A union member compiled on its own, to explain a value it claims. A member with a `$ref` is
 * not: alone, its reference into the whole schema's definitions would resolve to nothing (read
 * as `false`), and its issues would be lost.
 */
function compileMember(member: Readonly<Record<string, unknown>>): SchemaValidator<TSchema> {
  let text: string | undefined;
  try {
    text = JSON.stringify(member);
  } catch {
    text = undefined;
  }
  if (text === undefined || text.includes('"$ref"')) throw new Error('a union member with a $ref cannot stand alone');
  return compileSchema(member as TSchema);
}

/** Values listed in a message: up to 20, then the count. */
function listValues(values: readonly string[]): string {
  return values.length > 20 ? `${values.slice(0, 20).join(', ')}, … (${values.length} values)` : values.join(', ');
}

/**
 * The instance path of the union at schema pointer `unionPath` that `error` comes from: the
 * union's own error's, or a member's error's with the property steps after the member taken off;
 * `undefined` when the error does not say it.
 */
function unionInstancePath(error: TypeBoxError, unionPath: string): string | undefined {
  if (error.schemaPath === unionPath) return error.keyword === 'anyOf' ? error.instancePath : undefined;
  const steps = error.schemaPath.slice(unionPath.length + '/anyOf/'.length).replace(/^\d+/, '');
  if (!/^(\/properties\/[^/]+)*$/.test(steps)) return undefined;
  const depth = steps === '' ? 0 : steps.split('/properties/').length - 1;
  const segments = error.instancePath.split('/');
  return segments.length - 1 < depth ? undefined : segments.slice(0, segments.length - depth).join('/');
}

/** The part of `value` at JSON pointer `pointer` (`/action/0`), or `undefined`. */
function valueAt(value: unknown, pointer: string): unknown {
  let node = value;
  for (const key of pointerKeys(pointer)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A TypeBox error, as `collectIssues` reads it. */
interface TypeBoxError {
  readonly keyword: string;
  readonly schemaPath: string;
  readonly instancePath: string;
  readonly message: string;
  readonly params?: unknown;
}

/**
 * Up to `max` readable issues from TypeBox's errors. The errors of a union with a constant among
 * its members (one per member, then the union's own) make one issue, worded from the union in
 * `schema`: `must be one of "a", "b"` (`…, or must be number` for members of other kinds). TypeBox
 * stops after 8 errors, so the union's own error may never come: the schema lists every value.
 */
function collectIssues(errors: Iterable<TypeBoxError>, max: number, schema: unknown): SchemaIssue[] {
  const found: SchemaIssue[] = [];
  /** The union being reported: its members' errors are absorbed until its own error (or another) comes. */
  let union: { readonly path: string; readonly unionPath: string; readonly message: string } | undefined;
  const flush = (): void => {
    if (union !== undefined) found.push({ path: union.path, message: union.message });
    union = undefined;
  };
  for (const error of errors) {
    if (found.length >= max) break;
    if (error.keyword === 'boolean') continue;
    if (union !== undefined && error.instancePath === union.path) {
      if (error.schemaPath.startsWith(`${union.unionPath}/anyOf/`)) continue;
      if (error.keyword === 'anyOf' && error.schemaPath === union.unionPath) {
        flush();
        continue;
      }
    }
    flush();
    if (found.length >= max) break;
    const unionPath = /^(.*)\/anyOf\/\d+$/.exec(error.schemaPath)?.[1];
    const message = unionPath === undefined ? undefined : describeUnion(schema, unionPath);
    if (unionPath !== undefined && message !== undefined) {
      union = { path: error.instancePath, unionPath, message };
      continue;
    }
    const described = describeIssue(error);
    // Members of one kind fail alike (`must be object` per member): said once.
    if (!found.some((issue) => issue.path === error.instancePath && issue.message === described)) found.push({ path: error.instancePath, message: described });
  }
  if (found.length < max) flush();
  return found;
}

/**
 * The union at `pointer` (`#/properties/color`) in `schema`, worded as an issue when a member is
 * a constant: its values (up to 20, then the count), then what its other members want; else
 * `undefined`.
 */
function describeUnion(schema: unknown, pointer: string): string | undefined {
  const node = resolvePointer(schema, pointer);
  const members: unknown = typeof node === 'object' && node !== null ? (node as { anyOf?: unknown }).anyOf : undefined;
  if (!Array.isArray(members)) return undefined;
  const values: string[] = [];
  const others = new Set<string>();
  for (const member of members) {
    if (typeof member === 'object' && member !== null && 'const' in member) {
      values.push(JSON.stringify((member as { const: unknown }).const));
      continue;
    }
    const type: unknown = typeof member === 'object' && member !== null ? (member as { type?: unknown }).type : undefined;
    others.add(typeof type === 'string' ? `must be ${type}` : 'match another member');
  }
  if (values.length === 0) return undefined;
  const listed = listValues(values);
  return others.size === 0 ? `must be one of ${listed}` : `must be one of ${listed}, or ${[...others].join(', or ')}`;
}

/**
 * The node at a TypeBox error's schema pointer: it walks through local `$ref`s (`#/$defs/c`) as
 * TypeBox does, naming the path as if they were inlined. `undefined` when there is none.
 */
function resolvePointer(schema: unknown, pointer: string): unknown {
  const follow = (start: unknown): unknown => {
    let node = start;
    for (let hops = 0; hops < 16; hops++) {
      const ref: unknown = typeof node === 'object' && node !== null ? (node as { $ref?: unknown }).$ref : undefined;
      if (typeof ref !== 'string' || !ref.startsWith('#')) return node;
      node = walk(schema, ref);
    }
    return undefined;
  };
  const walk = (from: unknown, path: string): unknown => {
    let node: unknown = from;
    for (const key of pointerKeys(path)) {
      node = follow(node);
      if (typeof node !== 'object' || node === null) return undefined;
      node = (node as Record<string, unknown>)[key];
    }
    return node;
  };
  return follow(walk(schema, pointer));
}

/** An error's message, naming the extra properties of an `additionalProperties` error and the value a `const` wants. */
function describeIssue(error: { readonly keyword: string; readonly message: string; readonly params?: unknown }): string {
  if (error.keyword === 'const') return `must be ${JSON.stringify((error.params as { allowedValue?: unknown }).allowedValue)}`;
  const extra = error.keyword === 'additionalProperties' ? (error.params as { additionalProperties?: unknown } | undefined)?.additionalProperties : undefined;
  if (!Array.isArray(extra) || extra.length === 0) return error.message;
  return `${error.message} (${extra.map((name) => JSON.stringify(String(name).slice(0, 60))).join(', ')})`;
}
