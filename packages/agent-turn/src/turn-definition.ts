import type { ToolSpec } from '@jangts/agent-types';
import { compileSchema, type SchemaValidator } from '@jangts/agent-types/internal/compile';
import type { TSchema } from 'typebox';
import { parametersInvalidError } from './errors.js';
import type { ParsedTurnOptions } from './turn-options.js';

/** One tool of a turn as read: its spec as the runner receives it, the App's functions, the compiled check of its arguments. */
export interface DefinedTurnTool {
  readonly spec: ToolSpec;
  readonly execute?: ((args: unknown, context: unknown) => unknown) | undefined;
  readonly approval?: 'auto' | 'required' | ((proposal: unknown, context: unknown) => unknown) | undefined;
  readonly validator: SchemaValidator<TSchema>;
}

/** A turn's options as read, with what every run needs made once. */
export interface TurnDefinition {
  readonly options: ParsedTurnOptions;
  readonly stageId: string;
  /** The tools' specs, the same objects every step (the runner compiles each once). */
  readonly specs: readonly ToolSpec[];
  readonly toolIds: readonly string[];
  readonly tools: ReadonlyMap<string, DefinedTurnTool>;
}

/** Compiles each tool's parameter schema (`CONFIG_INVALID` naming it when it does not compile). */
export function defineTurnTools(options: ParsedTurnOptions): TurnDefinition {
  const tools = new Map<string, DefinedTurnTool>();
  for (const [index, tool] of options.tools.entries()) {
    let validator: SchemaValidator<TSchema>;
    try {
      validator = compileSchema(tool.spec.parameters);
    } catch (error) {
      throw parametersInvalidError(index, error);
    }
    tools.set(tool.spec.id, { spec: tool.spec, execute: tool.execute, approval: tool.approval, validator });
  }
  const specs = [...tools.values()].map((tool) => tool.spec);
  return { options, stageId: options.stageId ?? 'agent', specs, toolIds: specs.map((spec) => spec.id), tools };
}
