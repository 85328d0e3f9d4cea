import { AgentCoreError } from './agent-core-error.js';
import { detailValue } from './detail-value.js';
import { truncateText } from './truncate-text.js';

const MAX_QUOTED_CHARS = 60;

/**
 * `text` as a JSON string literal, cut after 60 UTF-16 code units (never inside a surrogate pair).
 *
 * @throws AgentCoreError `INPUT_INVALID` (field `text`) when `text` is not a string.
 */
export function quoteText(text: string): string {
  if (typeof text !== 'string') {
    throw new AgentCoreError('INPUT_INVALID', 'quoteText: text must be a string', { details: { field: 'text', actual: detailValue(text) } });
  }
  const cut = truncateText(text, MAX_QUOTED_CHARS);
  return cut === text ? JSON.stringify(text) : `${JSON.stringify(cut.slice(0, -1))}…`;
}
