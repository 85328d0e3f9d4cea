import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { AgentCoreError } from './agent-core-error.js';
import { constants, unionBranches } from './union-branch.js';

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
  /** True when `value` matches the schema. Throws what a getter or proxy trap of `value` throws. */
  check(value: unknown): value is Static<TShape>;
  /**
   * Up to `max` issues explaining why `value` does not match (empty when it does). Throws what a
   * getter or proxy trap of `value` throws: guard the call to name the argument.
   */
  issues(value: unknown, max?: number): SchemaIssue[];
}

/**
 * Compiles `schema` once for repeated checks.
 *
 * @throws AgentCoreError `CONFIG_INVALID` (field `schema`) when `schema` is not an object or
 * does not compile.
 */
export function compileSchema<TShape extends TSchema>(schema: TShape): SchemaValidator<TShape> {
  const { compiled, branchOf } = compileOrRefuse(schema);
  return {
    schema,
    check: (value: unknown): value is Static<TShape> => compiled.Check(value),
    issues(value, max = 8) {
      if (typeof max !== 'number' || !(max >= 1)) {
        throw new AgentCoreError('INPUT_INVALID', 'SchemaValidator.issues: max must be a number, at least 1', { details: { field: 'max', limit: 1 } });
      }
      if (compiled.Check(value)) return [];
      const branch = branchOf?.(value);
      const found = branch === undefined ? [] : collectIssues(branch.Errors(value), max, branch.Type());
      // A member that cannot explain the value on its own (it refers to the root's definitions,
      // say) leaves it to the whole union.
      return found.length > 0 ? found : collectIssues(compiled.Errors(value), max, schema);
    },
  };
}

function compileOrRefuse<TShape extends TSchema>(schema: TShape) {
  try {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new AgentCoreError('CONFIG_INVALID', 'compileSchema: schema must be a TypeBox or JSON Schema object', { details: { field: 'schema' } });
    }
    const compiled = Compile(schema);
    // A discriminated union (`type: 'finish'`, `role: 'tool'`) explains a value by the member its
    // discriminator names, not by the union's first member.
    const branchOf = unionBranches(schema, (member) => Compile(member as TSchema));
    return { compiled, branchOf };
  } catch (error) {
    if (AgentCoreError.isInstance(error)) throw error;
    throw new AgentCoreError('CONFIG_INVALID', 'compileSchema: schema does not compile', { cause: error, details: { field: 'schema' } });
  }
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
 * Up to `max` readable issues from TypeBox's errors. A union of constants reports each constant,
 * then the union: they make one issue listing the allowed values. TypeBox stops after 8 errors, so
 * a union of 8 or more constants never reports the union itself: its values are then read from
 * the union in `schema`.
 */
function collectIssues(errors: Iterable<TypeBoxError>, max: number, schema: unknown): SchemaIssue[] {
  const found: SchemaIssue[] = [];
  /** The constants of the union being reported, until its own error (or another) comes. */
  let union: { readonly path: string; readonly unionPath: string; readonly allowed: string[] } | undefined;
  const flush = (): void => {
    if (union === undefined) return;
    // Not a union of constants alone (a member of another kind): the constants it reported.
    const values = unionValues(schema, union.unionPath);
    found.push({ path: union.path, message: values === undefined ? `must be ${union.allowed.join(' or ')}` : `must be one of ${values}` });
    union = undefined;
  };
  for (const error of errors) {
    if (found.length >= max) break;
    if (error.keyword === 'boolean') continue;
    const member = error.keyword === 'const' ? /^(.*)\/anyOf\/\d+$/.exec(error.schemaPath) : null;
    if (member !== null) {
      const unionPath = member[1] ?? '';
      if (union !== undefined && (union.unionPath !== unionPath || union.path !== error.instancePath)) flush();
      union ??= { path: error.instancePath, unionPath, allowed: [] };
      union.allowed.push(JSON.stringify((error.params as { allowedValue?: unknown }).allowedValue));
      continue;
    }
    if (error.keyword === 'anyOf' && union !== undefined && union.unionPath === error.schemaPath && union.path === error.instancePath) {
      found.push({ path: error.instancePath, message: `must be one of ${union.allowed.join(', ')}` });
      union = undefined;
      continue;
    }
    flush();
    if (found.length < max) found.push({ path: error.instancePath, message: describeIssue(error) });
  }
  if (found.length < max) flush();
  return found.slice(0, max);
}

/** The values of the union of constants at `pointer` (`#/properties/color`) in `schema`, listed; `undefined` when it is not one. */
function unionValues(schema: unknown, pointer: string): string | undefined {
  let node: unknown = schema;
  for (const token of pointer.replace(/^#/, '').split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  const allowed = typeof node === 'object' && node !== null && 'anyOf' in node ? constants(node) : undefined;
  if (allowed === undefined || allowed.length === 0) return undefined;
  const values = allowed.map((value) => JSON.stringify(value));
  return values.length > 20 ? `${values.slice(0, 20).join(', ')}, … (${values.length} values)` : values.join(', ');
}

/** An error's message, naming the extra properties of an `additionalProperties` error and the value a `const` wants. */
function describeIssue(error: { readonly keyword: string; readonly message: string; readonly params?: unknown }): string {
  if (error.keyword === 'const') return `must be ${JSON.stringify((error.params as { allowedValue?: unknown }).allowedValue)}`;
  const extra = error.keyword === 'additionalProperties' ? (error.params as { additionalProperties?: unknown } | undefined)?.additionalProperties : undefined;
  if (!Array.isArray(extra) || extra.length === 0) return error.message;
  return `${error.message} (${extra.map((name) => JSON.stringify(String(name).slice(0, 60))).join(', ')})`;
}
