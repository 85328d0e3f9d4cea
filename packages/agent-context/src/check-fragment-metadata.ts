import { type ContextFragment, ContextFragmentSchema } from '@jangts/agent-types';
import { compileSchema, describeValue, detailValue } from '@jangts/agent-types/internal';
import { fragmentError, type FragmentProblem } from './fragment-error.js';
import type { FragmentField } from './fragment-fields.js';
import type { FragmentLocation } from './fragment-location.js';
import type { FragmentFields } from './read-fragment-fields.js';

/** Every field of a fragment but its value, checked. */
export type FragmentMetadata = Omit<ContextFragment, 'value'>;

const { properties } = ContextFragmentSchema;
// TypeBox keeps JSON Schema keywords on the schema object without typing them.
const idPattern = (properties.id as { readonly pattern?: string }).pattern ?? '';
const maxChars = properties.maxChars as { readonly minimum?: number; readonly maximum?: number };

interface FieldRule {
  readonly field: Exclude<FragmentField, 'value'>;
  readonly validator: { check(value: unknown): boolean };
  readonly expected: string;
  readonly rule: string;
  readonly limit?: FragmentProblem['limit'];
}

const oneOf = (schema: { readonly anyOf: readonly { readonly const: string }[] }): string[] =>
  schema.anyOf.map((literal) => literal.const);

const quoteAll = (values: readonly string[]): string => values.map((value) => `"${value}"`).join(', ');

function unionRule(field: 'trust' | 'lifetime' | 'role'): FieldRule {
  const schema = properties[field];
  const allowed = oneOf(schema);
  return { field, validator: compileSchema(schema), expected: `one of ${quoteAll(allowed)}`, rule: 'one-of', limit: allowed };
}

/** The metadata rules, from the shared TypeBox schema, in field order. */
const FIELD_RULES: readonly FieldRule[] = [
  {
    field: 'id',
    validator: compileSchema(properties.id),
    expected: `a string matching ${idPattern}`,
    rule: 'pattern',
    limit: idPattern,
  },
  {
    field: 'sourceId',
    validator: compileSchema(properties.sourceId),
    expected: 'a non-empty string',
    rule: 'non-empty-string',
  },
  unionRule('trust'),
  unionRule('lifetime'),
  {
    field: 'maxChars',
    validator: compileSchema(properties.maxChars),
    expected: `a positive safe integer (${maxChars.minimum ?? 1} to ${maxChars.maximum ?? Number.MAX_SAFE_INTEGER})`,
    rule: 'positive-safe-integer',
    limit: maxChars.maximum ?? Number.MAX_SAFE_INTEGER,
  },
  unionRule('role'),
];

/**
 * Checks `id`, `sourceId`, `trust`, `lifetime`, `maxChars` and `role` against the shared
 * `ContextFragmentSchema` and returns them typed.
 *
 * @throws AgentCoreError `FRAGMENT_INVALID` naming the first invalid field, what it must be
 *   and what it is.
 */
export function checkFragmentMetadata(fields: FragmentFields, location: FragmentLocation): FragmentMetadata {
  for (const { field, validator, expected, rule, limit } of FIELD_RULES) {
    const value = fields[field];
    if (validator.check(value)) continue;
    const actual = describeValue(value);
    const shown = detailValue(value);
    throw fragmentError('FRAGMENT_INVALID', location, fields.id, `field "${field}" must be ${expected}, got ${actual}`, {
      field,
      rule,
      limit,
      actual: shown,
    });
  }
  const { id, sourceId, trust, lifetime, maxChars, role } = fields as unknown as FragmentMetadata;
  return { id, sourceId, trust, lifetime, maxChars, role };
}
