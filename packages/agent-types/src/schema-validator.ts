import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

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
  /** True when `value` matches the schema. */
  check(value: unknown): value is Static<TShape>;
  /** Up to `max` issues explaining why `value` does not match (empty when it does). */
  issues(value: unknown, max?: number): SchemaIssue[];
}

/** Compiles `schema` once for repeated checks. */
export function compileSchema<TShape extends TSchema>(schema: TShape): SchemaValidator<TShape> {
  const compiled = Compile(schema);
  return {
    schema,
    check: (value: unknown): value is Static<TShape> => compiled.Check(value),
    issues(value, max = 8) {
      const found: SchemaIssue[] = [];
      if (compiled.Check(value)) return found;
      for (const error of compiled.Errors(value)) {
        if (error.keyword === 'boolean') continue;
        found.push({ path: error.instancePath, message: error.message });
        if (found.length >= max) break;
      }
      return found;
    },
  };
}
