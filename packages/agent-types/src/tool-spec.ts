import type { TObject } from 'typebox';

/**
 * A tool a stage registers: id (its wire name), description, and the TypeBox object schema of its
 * arguments. `parameters` must be a TypeBox object schema (`Type.Object(...)`): a plain object or
 * a zod schema does not type-check. `TId` keeps a literal id (an inline tool, or one declared
 * `as const`), so the stage's proposals can be told apart by `toolId`.
 */
export interface ToolSpec<TParameters extends TObject = TObject, TId extends string = string> {
  /** Wire function name; also what a preview rule's `toolId` matches. */
  readonly id: TId;
  /** What the tool does, for the model. */
  readonly description: string;
  /** TypeBox object schema of the arguments; sent to the provider as JSON Schema. */
  readonly parameters: TParameters;
}
