import { AgentCoreError, type AssembledInput } from '@jangts/agent-types';
import { quoteText } from '@jangts/agent-types/internal';
import { assembleCheckedFragments } from './assemble-checked-fragments.js';
import type { CheckedFragment } from './check-fragment.js';
import { measureCheckedFragments } from './measure-checked-fragments.js';

/** How many of the largest fragments an `INPUT_BUDGET` error names. */
const LARGEST_NAMED = 3;

interface FragmentSize {
  readonly id: string;
  readonly chars: number;
}

/**
 * Assembles validated fragments once their total is known to fit `maxInputChars`: the total is
 * measured before any message is built, so an input far over the budget is refused without
 * joining its texts.
 *
 * @throws AgentCoreError `INPUT_BUDGET` naming the total, the limit and the largest fragments
 *   (`details.largestFragments`: up to three `{ id, chars }`, largest first, ties in input
 *   order); also when the total fits the limit but is longer than the longest string this
 *   JavaScript engine can hold (`rule: 'engine-string-length'`).
 */
export function assembleWithinBudget(checked: readonly CheckedFragment[], maxInputChars: number): AssembledInput {
  const total = measureCheckedFragments(checked);
  const sizes = (): FragmentSize[] => largestFragments(checked.map(({ id, text }) => ({ id, chars: text.length })));
  if (total > maxInputChars) {
    const largest = sizes();
    const message =
      `assembled input is ${total} chars (UTF-16 code units), over maxInputChars ${maxInputChars}; ` +
      `largest fragments: ${largest.map(({ id, chars }) => `${quoteText(id)} (${chars})`).join(', ')}`;
    throw budgetError(message, 'max-input-chars', maxInputChars, total, largest);
  }
  try {
    return assembleCheckedFragments(checked);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const message = `assembled input is ${total} chars (UTF-16 code units), longer than the longest string this JavaScript engine can hold`;
    throw budgetError(message, 'engine-string-length', maxInputChars, total, sizes());
  }
}

function budgetError(message: string, rule: string, limit: number, actual: number, largest: readonly FragmentSize[]): AgentCoreError {
  return new AgentCoreError('INPUT_BUDGET', message, {
    details: {
      field: 'maxInputChars',
      path: 'maxInputChars',
      rule,
      limit,
      actual,
      largestFragments: largest.map(({ id, chars }) => ({ id, chars })),
    },
  });
}

function largestFragments(sizes: readonly FragmentSize[]): FragmentSize[] {
  const largest: FragmentSize[] = [];
  for (const row of sizes) {
    let at = largest.length;
    while (at > 0 && (largest[at - 1] as FragmentSize).chars < row.chars) at -= 1;
    if (at < LARGEST_NAMED) {
      largest.splice(at, 0, row);
      if (largest.length > LARGEST_NAMED) largest.pop();
    }
  }
  return largest;
}
