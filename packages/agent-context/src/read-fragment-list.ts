import { AgentCoreError } from '@jangts/agent-types';
import { describeValue, detailValue } from '@jangts/agent-types/internal';
import { readArrayItems } from './read-array-items.js';

/** Which list of fragments: the argument of `assembleFragments` or a field of a plan request. */
export type FragmentListName = 'fragments' | 'originalFragments';

/**
 * Reads a list of fragments once into a plain array (holes become `undefined` and are then
 * rejected as fragments).
 *
 * @throws AgentCoreError `FRAGMENT_INVALID` when `list` is not an array or cannot be read.
 */
export function readFragmentList(list: unknown, name: FragmentListName): unknown[] {
  let isArray = false;
  try {
    isArray = Array.isArray(list);
  } catch (cause) {
    throw unreadable(name, cause);
  }
  if (!isArray) {
    const actual = describeValue(list);
    const shown = detailValue(list);
    throw new AgentCoreError('FRAGMENT_INVALID', `${name} must be an array of fragments, got ${actual}`, {
      details: { field: name, path: name, rule: 'array', actual: shown },
    });
  }
  try {
    return readArrayItems(list as readonly unknown[]);
  } catch (cause) {
    throw unreadable(name, cause);
  }
}

function unreadable(name: FragmentListName, cause: unknown): AgentCoreError {
  return new AgentCoreError('FRAGMENT_INVALID', `${name} could not be read (reading it threw)`, {
    details: { field: name, path: name, rule: 'readable' },
    cause,
  });
}
