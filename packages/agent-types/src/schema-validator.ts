import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { AgentCoreError } from './agent-core-error.js';
import { unionBranches } from './union-branch.js';

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
      const found = branch === undefined ? [] : collectIssues(branch.Errors(value), max);
      // A member that cannot explain the value on its own (it refers to the root's definitions,
      // say) leaves it to the whole union.
      return found.length > 0 ? found : collectIssues(compiled.Errors(value), max);
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

/** Up to `max` readable issues from TypeBox's errors. */
function collectIssues(errors: Iterable<{ readonly keyword: string; readonly schemaPath: string; readonly instancePath: string; readonly message: string; readonly params?: unknown }>, max: number): SchemaIssue[] {
  const found: SchemaIssue[] = [];
  const allowed: string[] = [];
  for (const error of errors) {
    if (error.keyword === 'boolean') continue;
    // A union of constants reports each constant, then the union: one issue listing them.
    if (error.keyword === 'const' && /\/anyOf\/\d+$/.test(error.schemaPath)) {
      allowed.push(JSON.stringify((error.params as { allowedValue?: unknown }).allowedValue));
      continue;
    }
    const message = error.keyword === 'anyOf' && allowed.length > 0 ? `must be one of ${allowed.join(', ')}` : describeIssue(error);
    allowed.length = 0;
    found.push({ path: error.instancePath, message });
    if (found.length >= max) break;
  }
  return found;
}

/** An error's message, naming the extra properties of an `additionalProperties` error and the value a `const` wants. */
function describeIssue(error: { readonly keyword: string; readonly message: string; readonly params?: unknown }): string {
  if (error.keyword === 'const') return `must be ${JSON.stringify((error.params as { allowedValue?: unknown }).allowedValue)}`;
  const extra = error.keyword === 'additionalProperties' ? (error.params as { additionalProperties?: unknown } | undefined)?.additionalProperties : undefined;
  if (!Array.isArray(extra) || extra.length === 0) return error.message;
  return `${error.message} (${extra.map((name) => JSON.stringify(String(name).slice(0, 60))).join(', ')})`;
}
