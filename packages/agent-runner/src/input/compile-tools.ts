import type { ProviderTool } from '@jangts/agent-types';
import type { TSchema } from 'typebox';
import { errorMessage } from '../error-message.js';
import { invokeRequestError } from '../errors.js';
import { deepFreeze } from './deep-freeze.js';
import type { ToolSpecCopy } from './invoke-request.js';
import type * as Validator from '@jangts/agent-types/internal/compile';
import type { SchemaValidator } from '@jangts/agent-types/internal/compile';

/** A stage's tool, ready for a call: what the provider receives and the compiled check of its arguments. */
export interface CompiledTool {
  readonly id: string;
  /** The tool as the provider receives it: frozen, its parameters the JSON copy read from the spec. */
  readonly providerTool: ProviderTool;
  readonly validator: SchemaValidator<TSchema>;
}

type Compiler = typeof Validator;

/** TypeBox's compiler, once the first tool stage loaded it: importing the runner loads no compiler. */
let compiler: Compiler | undefined;
let loading: Promise<Compiler> | undefined;

/** Compiled argument checks by the JSON text of the parameters they check: two specs with the same schema share one. */
const checks = new Map<string, SchemaValidator<TSchema>>();
/** How many checks are kept: the oldest goes first. */
const MAX_CHECKS = 256;

function checkOf(load: Compiler, tool: ToolSpecCopy, index: number): SchemaValidator<TSchema> {
  const text = JSON.stringify(tool.parameters);
  const known = checks.get(text);
  if (known !== undefined) return known;
  let validator: SchemaValidator<TSchema>;
  try {
    validator = load.compileSchema(tool.parameters);
  } catch (error) {
    throw invokeRequestError({ path: ['tools', index, 'parameters'], rule: 'compile', problem: `does not compile: ${errorMessage(error)}`, cause: error });
  }
  if (checks.size >= MAX_CHECKS) checks.delete(checks.keys().next().value as string);
  checks.set(text, validator);
  return validator;
}

function compileWith(load: Compiler, tools: readonly ToolSpecCopy[]): readonly CompiledTool[] {
  return tools.map((tool, index) => ({
    id: tool.id,
    providerTool: deepFreeze({ id: tool.id, description: tool.description, parameters: tool.parameters }),
    validator: checkOf(load, tool, index),
  }));
}

/**
 * A reader parsing a tool call's argument text as it streams (see `ToolCallCollector`): loaded with
 * the compiler on the first tool stage, so importing the runner loads neither. Only a stage whose
 * tools were compiled asks for one.
 */
export function streamingArgumentsReader(): InstanceType<Compiler['JsonValueReader']> {
  // A registered tool's call implies its stage's tools were compiled: the compiler is loaded.
  return new (compiler as Compiler).JsonValueReader([]);
}

/**
 * Compiles the argument checks of a stage's tools (read afresh from the request, so a renamed or
 * edited spec goes out as it is now). TypeBox's compiler is imported by the first call that has
 * tools; until then, and for plain-text stages, it is never loaded. Returns the tools at once when
 * the compiler is loaded.
 *
 * @throws AgentCoreError `INPUT_INVALID` naming `tools[i].parameters` (rule `compile`) for
 * parameters TypeBox cannot compile, or `tools` when the compiler fails to load.
 */
export function compileTools(tools: readonly ToolSpecCopy[]): readonly CompiledTool[] | Promise<readonly CompiledTool[]> {
  if (compiler !== undefined) return compileWith(compiler, tools);
  loading ??= import('@jangts/agent-types/internal/compile').then(
    (loaded) => (compiler = loaded),
    (error: unknown) => {
      loading = undefined;
      throw invokeRequestError({ path: ['tools'], rule: 'compile', problem: `could not be checked: TypeBox's compiler failed to load (${errorMessage(error)})`, cause: error });
    },
  );
  return loading.then((loaded) => compileWith(loaded, tools));
}
