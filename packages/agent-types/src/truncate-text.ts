import { AgentCoreError } from './agent-core-error.js';
import { detailValue } from './detail-value.js';

/**
 * `text` cut to at most `maxChars` UTF-16 code units followed by `…`, never inside a surrogate
 * pair; `text` itself when it is short enough.
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the argument when `text` is not a string or
 * `maxChars` is not a positive safe integer.
 */
export function truncateText(text: string, maxChars: number): string {
  if (typeof text !== 'string') {
    throw new AgentCoreError('INPUT_INVALID', 'truncateText: text must be a string', { details: { field: 'text', actual: detailValue(text) } });
  }
  if (typeof maxChars !== 'number' || !Number.isSafeInteger(maxChars) || maxChars < 1) {
    throw new AgentCoreError('INPUT_INVALID', 'truncateText: maxChars must be a positive safe integer', {
      details: { field: 'maxChars', minimum: 1, limit: Number.MAX_SAFE_INTEGER, actual: detailValue(maxChars) },
    });
  }
  if (text.length <= maxChars) return text;
  let end = maxChars;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
