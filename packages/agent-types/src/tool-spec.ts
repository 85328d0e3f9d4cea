import type { TSchema } from 'typebox';

/** A tool a stage registers: id (its wire name), description, and TypeBox parameter schema. */
export interface ToolSpec<TParameters extends TSchema = TSchema> {
  /** Wire function name; also what a preview rule's `toolId` matches. */
  readonly id: string;
  /** What the tool does, for the model. */
  readonly description: string;
  /** TypeBox schema of the arguments; sent to the provider as JSON Schema. */
  readonly parameters: TParameters;
}
