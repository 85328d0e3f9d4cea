import { AgentCoreError, type AssembledInput, type FragmentUsage } from '@jangts/agent-types';
import { quoteText } from './quote-text.js';

/** How many of the largest fragments an `INPUT_BUDGET` error names. */
const LARGEST_NAMED = 3;

/**
 * Checks the assembled total against `maxInputChars`.
 *
 * @throws AgentCoreError `INPUT_BUDGET` naming the total, the limit and the largest fragments
 *   (`details.largestFragments`: up to three `{ id, chars }`, largest first, ties in input order).
 */
export function checkInputBudget(input: AssembledInput, maxInputChars: number): void {
  if (input.inputChars <= maxInputChars) return;
  const largest = largestFragments(input.fragmentUsage);
  const named = largest.map(({ id, chars }) => `${quoteText(id)} (${chars})`).join(', ');
  const message =
    `assembled input is ${input.inputChars} chars (UTF-16 code units), over maxInputChars ${maxInputChars}; ` +
    `largest fragments: ${named}`;
  throw new AgentCoreError('INPUT_BUDGET', message, {
    details: {
      field: 'maxInputChars',
      path: 'maxInputChars',
      rule: 'max-input-chars',
      limit: maxInputChars,
      actual: input.inputChars,
      largestFragments: largest.map(({ id, chars }) => ({ id, chars })),
    },
  });
}

function largestFragments(usage: readonly FragmentUsage[]): FragmentUsage[] {
  const largest: FragmentUsage[] = [];
  for (const row of usage) {
    let at = largest.length;
    while (at > 0 && (largest[at - 1] as FragmentUsage).chars < row.chars) at -= 1;
    if (at < LARGEST_NAMED) {
      largest.splice(at, 0, row);
      if (largest.length > LARGEST_NAMED) largest.pop();
    }
  }
  return largest;
}
