import type { ContextFragment } from '@jangts/agent-types';
import { parser, reference, type InputDoor } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { FragmentListSchema, trustBeforeShapeInList } from './fragment-schema.js';
import { renderFragmentValue } from './render-fragment-value.js';

/** Fragments read through the door, and the text each contributes (same index). */
export interface ParsedFragments {
  readonly fragments: readonly ContextFragment[];
  readonly texts: readonly string[];
}

// The list itself: read once (its length and each item), its items kept as they are for the fragment schema.
const FragmentItemsSchema = Type.Array(reference<unknown>('a context fragment', () => true));

/**
 * The door of one list of fragments (`door.at` names it: `['fragments']`, `['originalFragments']`):
 * the list read once, then, in this order, `user`/`tool` content in the system slot anywhere in it
 * (`TRUST_VIOLATION`), each fragment's structure and the id of none repeated (`FRAGMENT_INVALID`,
 * `FRAGMENT_DUPLICATE`), then each value's JSON and, with `checkBudget`, its budget
 * (`FRAGMENT_INVALID`, `FRAGMENT_BUDGET`), fragment by fragment.
 */
export function fragmentsParser(door: InputDoor): (value: unknown, checkBudget: boolean) => ParsedFragments {
  const items = parser(FragmentItemsSchema, {
    ...door,
    misuse: (value) => (value === undefined ? { rule: 'required', problem: 'is required', expected: 'a list of context fragments' } : undefined),
  });
  const list = parser(FragmentListSchema, { ...door, misuse: trustBeforeShapeInList });
  return (value, checkBudget) => {
    const fragments = list.parse(items.parse(value));
    const texts: string[] = [];
    for (let index = 0; index < fragments.length; index += 1) {
      texts.push(renderFragmentValue(fragments[index] as ContextFragment, door, [index], checkBudget));
    }
    return { fragments, texts };
  };
}
