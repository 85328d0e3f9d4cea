import { isPlainObject } from './is-plain-object.js';

const JSON_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = ['items', 'additionalItems', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions'];

/**
 * The first structural problem of a JSON Schema (as a `[path, message]` pair), or `undefined`.
 * Checks what a provider needs to read the schema: `type` names only JSON types (TypeBox's
 * `undefined`, `bigint`, `function`, … cannot be sent), nested schemas are objects or booleans,
 * `required` lists strings. Does not check JSON-ness (see `findNonJson`).
 */
export function findJsonSchemaIssue(schema: unknown, path: string): readonly [string, string] | undefined {
  if (typeof schema === 'boolean') return undefined;
  if (!isPlainObject(schema)) return [path, 'must be a schema object'];
  const type = schema.type;
  if (type !== undefined) {
    const types: readonly unknown[] = Array.isArray(type) ? type : [type];
    const bad = types.find((name) => typeof name !== 'string' || !JSON_TYPES.has(name));
    if (types.length === 0 || bad !== undefined) return [`${path}/type`, `names no JSON type (${JSON.stringify(bad) ?? 'none'})`];
  }
  const required = schema.required;
  if (required !== undefined && !(Array.isArray(required) && required.every((name) => typeof name === 'string'))) {
    return [`${path}/required`, 'must be a list of property names'];
  }
  return findNestedIssue(schema, path);
}

function findNestedIssue(schema: Record<string, unknown>, path: string): readonly [string, string] | undefined {
  for (const keyword of SCHEMA_KEYWORDS) {
    const nested = schema[keyword];
    if (nested === undefined) continue;
    const issue = Array.isArray(nested) && keyword === 'items' ? findListIssue(nested, `${path}/items`) : findJsonSchemaIssue(nested, `${path}/${keyword}`);
    if (issue !== undefined) return issue;
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const nested = schema[keyword];
    if (nested === undefined) continue;
    if (!Array.isArray(nested)) return [`${path}/${keyword}`, 'must be a list of schemas'];
    const issue = findListIssue(nested, `${path}/${keyword}`);
    if (issue !== undefined) return issue;
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const nested = schema[keyword];
    if (nested === undefined) continue;
    if (!isPlainObject(nested)) return [`${path}/${keyword}`, 'must map names to schemas'];
    for (const [name, value] of Object.entries(nested)) {
      const issue = findJsonSchemaIssue(value, `${path}/${keyword}/${name}`);
      if (issue !== undefined) return issue;
    }
  }
  return undefined;
}

function findListIssue(list: readonly unknown[], path: string): readonly [string, string] | undefined {
  for (let index = 0; index < list.length; index++) {
    const issue = findJsonSchemaIssue(list[index], `${path}/${index}`);
    if (issue !== undefined) return issue;
  }
  return undefined;
}
