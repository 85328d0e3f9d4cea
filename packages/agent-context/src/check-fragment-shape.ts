import { quoteText } from '@jangts/agent-types/internal';
import { fragmentError } from './fragment-error.js';
import { FRAGMENT_FIELDS } from './fragment-fields.js';
import type { FragmentLocation } from './fragment-location.js';
import type { FragmentRead } from './read-fragment-fields.js';

/**
 * Checks that a fragment has exactly the seven fields and that each could be read.
 *
 * @throws AgentCoreError `FRAGMENT_INVALID` naming the first unknown field, else the first
 *   missing field, else the first field whose getter threw.
 */
export function checkFragmentShape(read: FragmentRead, location: FragmentLocation): void {
  const id = read.fields.id;
  const [unknown] = read.unknown;
  if (unknown !== undefined) {
    const more = read.unknown.length > 1 ? ` (and ${read.unknown.length - 1} more)` : '';
    const problem = `unknown field ${quoteText(unknown)}${more}; a fragment has exactly the fields ${FRAGMENT_FIELDS.join(', ')}`;
    throw fragmentError('FRAGMENT_INVALID', location, id, problem, {
      field: unknown,
      rule: 'unknown-field',
      limit: [...FRAGMENT_FIELDS],
    });
  }
  const [missing] = read.missing;
  if (missing !== undefined) {
    const more = read.missing.length > 1 ? ` (also missing: ${read.missing.slice(1).join(', ')})` : '';
    throw fragmentError('FRAGMENT_INVALID', location, id, `missing field "${missing}"${more}`, { field: missing, rule: 'required' });
  }
  if (read.unreadable !== undefined) {
    const { field, cause } = read.unreadable;
    throw fragmentError('FRAGMENT_INVALID', location, id, `field "${field}" could not be read (its getter threw)`, {
      field,
      rule: 'readable',
    }, cause);
  }
}
