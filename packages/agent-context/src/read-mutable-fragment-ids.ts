import { describeValue, detailValue, quoteText } from '@jangts/agent-types/internal';
import type { AgentCoreError } from '@jangts/agent-types';
import { configError } from './config-error.js';
import { readArrayItems } from './read-array-items.js';

const FIELD = 'mutableFragmentIds';

/**
 * Reads `mutableFragmentIds` once: an array of distinct ids, each naming an original fragment.
 * An empty array is valid and forbids every change.
 *
 * @throws AgentCoreError `CONFIG_INVALID` naming the offending index: not an array, an item
 *   that is not a string, an id with no original, or an id listed twice.
 */
export function readMutableFragmentIds(value: unknown, originalIds: ReadonlyMap<string, unknown>): Set<string> {
  const items = readArray(value);
  const mutable = new Set<string>();
  items.forEach((item, index) => {
    const path = `${FIELD}[${index}]`;
    if (typeof item !== 'string') {
      const actual = describeValue(item);
      const shown = detailValue(item);
      throw configError(`${path} must be a fragment id (a string), got ${actual}`, { field: FIELD, path, rule: 'string', actual: shown });
    }
    if (!originalIds.has(item)) {
      throw configError(`${path} names ${quoteText(item)}, which is not among the original fragments`, {
        field: FIELD,
        path,
        rule: 'unknown-id',
        actual: item,
        fragmentId: item,
      });
    }
    if (mutable.has(item)) {
      throw configError(`${path} lists ${quoteText(item)} a second time`, { field: FIELD, path, rule: 'duplicate-id', actual: item, fragmentId: item });
    }
    mutable.add(item);
  });
  return mutable;
}

function readArray(value: unknown): unknown[] {
  let isArray: boolean;
  try {
    isArray = Array.isArray(value);
  } catch (cause) {
    throw unreadable(cause);
  }
  if (!isArray) {
    const actual = describeValue(value);
    const shown = detailValue(value);
    throw configError(`${FIELD} must be an array of fragment ids, got ${actual}`, { field: FIELD, rule: 'array', actual: shown });
  }
  try {
    return readArrayItems(value as readonly unknown[]);
  } catch (cause) {
    throw unreadable(cause);
  }
}

function unreadable(cause: unknown): AgentCoreError {
  return configError(`${FIELD} could not be read (reading it threw)`, { field: FIELD, rule: 'readable' }, cause);
}
