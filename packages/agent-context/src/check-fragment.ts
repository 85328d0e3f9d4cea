import { quoteText } from '@jangts/agent-types/internal';
import type { ContextFragment } from '@jangts/agent-types';
import { checkFragmentMetadata, type FragmentMetadata } from './check-fragment-metadata.js';
import { checkFragmentShape } from './check-fragment-shape.js';
import { checkFragmentTrust } from './check-fragment-trust.js';
import { fragmentError } from './fragment-error.js';
import type { FragmentLocation } from './fragment-location.js';
import { idSetAdd, idSetHas } from './id-set.js';
import { readFragmentFields } from './read-fragment-fields.js';
import { renderFragmentValue, type UnbuiltText } from './render-fragment-value.js';

/** A fragment that passed validation: its fields as read once, and the text it contributes. */
export interface CheckedFragment extends FragmentMetadata {
  /** The value as read (the caller's value, not a copy). */
  readonly value: ContextFragment['value'];
  /** The text it contributes: the string value, or `JSON.stringify` of the record. */
  readonly text: string;
  /** Whether the value was a record (two values are identical only if both kinds match). */
  readonly isRecord: boolean;
}

/**
 * Validates one fragment in this order: plain object; trust (`TRUST_VIOLATION`); exactly the
 * seven fields, each readable; metadata fields in field order; duplicate id
 * (`FRAGMENT_DUPLICATE`); value; budget (`FRAGMENT_BUDGET`, when `checkBudget`). The id joins
 * `ids` only when every check passed, so a rejected fragment leaves the set as it was.
 */
export function checkFragment(
  input: unknown,
  ids: Set<unknown> | undefined,
  checkBudget: boolean,
  location: FragmentLocation,
): CheckedFragment {
  const read = readFragmentFields(input, location);
  checkFragmentTrust(read.fields, location);
  checkFragmentShape(read, location);
  const metadata = checkFragmentMetadata(read.fields, location);
  const { id, sourceId, trust, lifetime, maxChars, role } = metadata;
  if (ids !== undefined && idSetHas(ids, id)) {
    throw fragmentError('FRAGMENT_DUPLICATE', location, id, `id ${quoteText(id)} is already used by another fragment`, {
      field: 'id',
      rule: 'unique-id',
    });
  }
  const value = read.fields.value;
  const text = renderWithinEngineLimit(value, role, id, location, checkBudget ? maxChars : undefined);
  if (typeof text !== 'string' || (checkBudget && text.length > maxChars)) {
    const kind = typeof value === 'string' ? 'its text' : 'its JSON text';
    const problem = `${kind} is ${text.length} chars (UTF-16 code units), over maxChars ${maxChars}`;
    throw fragmentError('FRAGMENT_BUDGET', location, id, problem, {
      field: 'value',
      rule: 'max-chars',
      limit: maxChars,
      actual: text.length,
    });
  }
  if (ids !== undefined) idSetAdd(ids, id);
  return { id, sourceId, trust, lifetime, maxChars, role, value: value as ContextFragment['value'], text, isRecord: typeof value !== 'string' };
}

/**
 * {@link renderFragmentValue}, with a record whose JSON text would be longer than the longest
 * string the engine can hold refused as `FRAGMENT_INVALID` (`rule: 'engine-string-length'`).
 */
function renderWithinEngineLimit(
  value: unknown,
  role: FragmentMetadata['role'],
  id: string,
  location: FragmentLocation,
  maxChars: number | undefined,
): string | UnbuiltText {
  try {
    return renderFragmentValue(value, role, id, location, maxChars);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const problem = 'field "value" renders to JSON text longer than the longest string this JavaScript engine can hold';
    throw fragmentError('FRAGMENT_INVALID', location, id, problem, { field: 'value', rule: 'engine-string-length' }, error);
  }
}
