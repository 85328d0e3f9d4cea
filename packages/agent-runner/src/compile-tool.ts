import { type JsonSchema, type ProviderTool } from '@jangts/agent-types';
import { compileSchema, detailValue, findNonJson, type SchemaValidator } from '@jangts/agent-types/internal';
import type { TSchema } from 'typebox';
import { fieldPath } from './field-path.js';
import { findJsonSchemaIssue } from './find-json-schema-issue.js';
import { inputInvalid } from './input-invalid.js';
import { isPlainObject } from './is-plain-object.js';
import { errorMessage } from './error-message.js';

/** A validated tool: what the provider receives and the compiled check of its arguments. */
export interface CompiledTool {
  readonly id: string;
  /** The tool as sent to the provider: a clean JSON copy of its parameter schema. */
  readonly providerTool: ProviderTool;
  /** The compiled check of the call arguments. */
  readonly validator: SchemaValidator<TSchema>;
}

/** Tool ids are wire function names: what OpenAI and Anthropic both accept. */
const TOOL_ID = /^[a-zA-Z0-9_-]{1,64}$/;
const TOOL_FIELDS = new Set(['id', 'description', 'parameters']);
const compiled = new WeakMap<object, CompiledTool>();

/**
 * Validates one tool spec and compiles it, once per spec object (cached in a `WeakMap`).
 * Throws `INPUT_INVALID` naming `field` for an unknown field, a bad id (not
 * `^[a-zA-Z0-9_-]{1,64}$`), a non-string description, or parameters that are not a plain
 * JSON Schema object of `type: 'object'` (a TypeBox `Type.Object(...)`), that do not survive
 * JSON, or that do not compile.
 */
export function compileTool(spec: unknown, field: string): CompiledTool {
  if (typeof spec === 'object' && spec !== null) {
    const cached = compiled.get(spec);
    if (cached !== undefined) return cached;
  }
  if (!isPlainObject(spec)) throw inputInvalid(field, 'must be a tool spec { id, description, parameters }');
  const unknown = Object.keys(spec).find((key) => !TOOL_FIELDS.has(key));
  if (unknown !== undefined) throw inputInvalid(`${field}.${unknown}`, 'is not a tool spec field (id, description, parameters)');
  const { id, description, parameters } = spec;
  if (typeof id !== 'string' || !TOOL_ID.test(id)) {
    throw inputInvalid(`${field}.id`, 'must match ^[a-zA-Z0-9_-]{1,64}$ (a wire function name)', { pattern: TOOL_ID.source, limit: 64, actual: detailValue(id) });
  }
  if (typeof description !== 'string') throw inputInvalid(`${field}.description`, 'must be a string');
  const jsonSchema = toProviderSchema(parameters, `${field}.parameters`);
  const tool: CompiledTool = {
    id,
    providerTool: { id, description, parameters: jsonSchema },
    validator: compileParameters(parameters as TSchema, `${field}.parameters`),
  };
  compiled.set(spec, tool);
  return tool;
}

function toProviderSchema(parameters: unknown, field: string): JsonSchema {
  if (!isPlainObject(parameters) || parameters.type !== 'object') {
    throw inputInvalid(field, "must be a TypeBox object schema (JSON Schema with type: 'object')");
  }
  const nonJson = findNonJson(parameters);
  if (nonJson !== undefined) throw inputInvalid(fieldPath(field, nonJson), 'is not JSON (function, undefined, BigInt, cycle, …)');
  const issue = findJsonSchemaIssue(parameters, '');
  if (issue !== undefined) throw inputInvalid(fieldPath(field, issue[0]), issue[1]);
  return JSON.parse(JSON.stringify(parameters)) as JsonSchema;
}

function compileParameters(parameters: TSchema, field: string): SchemaValidator<TSchema> {
  try {
    return compileSchema(parameters);
  } catch (error) {
    throw inputInvalid(field, `does not compile: ${errorMessage(error)}`);
  }
}
