import type { JsonSchema } from '@jangts/agent-types';
import { rule, type RuleIssue } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';

/** Tool ids are wire function names: what OpenAI and Anthropic both accept. */
const TOOL_ID = '^[a-zA-Z0-9_-]{1,64}$';

const JSON_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = ['items', 'additionalItems', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions'];

type Path = (string | number)[];

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The first structural problem of a JSON Schema (a checked JSON copy): what a provider needs to
 * read it. `type` names only JSON types (TypeBox's `bigint`, `undefined`, `function`, … cannot be
 * sent), nested schemas are objects or booleans, `required` lists names.
 */
function schemaIssue(schema: unknown, path: Path): RuleIssue | undefined {
  if (typeof schema === 'boolean') return undefined;
  if (!isRecord(schema)) return { path, rule: 'schema', problem: 'must be a schema (an object or a boolean)' };
  const { type, required } = schema;
  if (type !== undefined) {
    const types: readonly unknown[] = Array.isArray(type) ? type : [type];
    const bad = types.find((name) => typeof name !== 'string' || !JSON_TYPES.has(name));
    if (types.length === 0 || bad !== undefined) return { path: [...path, 'type'], rule: 'schema', problem: `names no JSON type (${JSON.stringify(bad) ?? 'none'})` };
  }
  if (required !== undefined && !(Array.isArray(required) && required.every((name) => typeof name === 'string'))) {
    return { path: [...path, 'required'], rule: 'schema', problem: 'must be a list of property names' };
  }
  for (const keyword of SCHEMA_KEYWORDS) {
    const nested = schema[keyword];
    if (nested === undefined) continue;
    const issue = Array.isArray(nested) && keyword === 'items' ? listIssue(nested, [...path, keyword]) : schemaIssue(nested, [...path, keyword]);
    if (issue !== undefined) return issue;
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const nested = schema[keyword];
    if (nested === undefined) continue;
    if (!Array.isArray(nested)) return { path: [...path, keyword], rule: 'schema', problem: 'must be a list of schemas' };
    const issue = listIssue(nested, [...path, keyword]);
    if (issue !== undefined) return issue;
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const nested = schema[keyword];
    if (nested === undefined) continue;
    if (!isRecord(nested)) return { path: [...path, keyword], rule: 'schema', problem: 'must map names to schemas' };
    for (const [name, value] of Object.entries(nested)) {
      const issue = schemaIssue(value, [...path, keyword, name]);
      if (issue !== undefined) return issue;
    }
  }
  return undefined;
}

function listIssue(list: readonly unknown[], path: Path): RuleIssue | undefined {
  for (let index = 0; index < list.length; index++) {
    const issue = schemaIssue(list[index], [...path, index]);
    if (issue !== undefined) return issue;
  }
  return undefined;
}

/**
 * Schema of a tool's `parameters` as the runner reads them: a JSON copy (what the provider
 * receives; TypeBox's own markers and refinements, which JSON does not carry, are left out) of a
 * JSON Schema object of `type: 'object'`, every nested schema naming JSON types only.
 */
export const ToolParametersSchema = rule(Type.Unsafe<JsonSchema>(Type.Unknown()), (parameters) =>
  !isRecord(parameters) || parameters.type !== 'object'
    ? { rule: 'schema', problem: "must be a TypeBox object schema (JSON Schema with type: 'object')", expected: "a JSON Schema object with type: 'object'" }
    : schemaIssue(parameters, []),
);

/**
 * Schema of a `ToolSpec`: `id` a wire function name (`^[a-zA-Z0-9_-]{1,64}$`), a string
 * `description`, and {@link ToolParametersSchema | parameters}. Unknown fields are refused.
 */
export const ToolSpecSchema = Type.Object(
  {
    id: Type.String({ maxLength: 64, pattern: TOOL_ID }),
    description: Type.String(),
    parameters: ToolParametersSchema,
  },
  { additionalProperties: false },
);

/** Schema of a stage's tools: tool specs with distinct ids. */
export const ToolSpecListSchema = rule(Type.Array(ToolSpecSchema), (tools) => {
  const first = new Map<string, number>();
  for (let index = 0; index < tools.length; index++) {
    const { id } = tools[index] as { readonly id: string };
    const earlier = first.get(id);
    if (earlier !== undefined) return { path: [index, 'id'], rule: 'duplicate', problem: `duplicates the id of tools[${earlier}] ("${id}")`, actual: id };
    first.set(id, index);
  }
  return undefined;
});
