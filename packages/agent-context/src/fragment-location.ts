import { quoteText } from '@jangts/agent-types/internal';

/** Where a fragment sits: alone, or at an index of one of the lists of an assembly or plan. */
export interface FragmentLocation {
  /** The argument or request field holding the fragment, when it is in a list. */
  readonly list?: 'fragments' | 'originalFragments';
  /** Its index in that list. */
  readonly index?: number;
}

/** A fragment passed on its own (to `validateContextFragment`). */
export const STANDALONE: FragmentLocation = {};

/** How messages name a fragment: `fragment "question"`, `fragments[3] "question"`, `fragments[3]`. */
export function fragmentLabel(location: FragmentLocation, id: unknown): string {
  const where = location.list === undefined ? 'fragment' : `${location.list}[${location.index ?? 0}]`;
  return typeof id === 'string' ? `${where} ${quoteText(id)}` : where;
}
