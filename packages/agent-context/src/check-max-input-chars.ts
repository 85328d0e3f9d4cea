import { describeValue, detailValue } from '@jangts/agent-types/internal';
import { configError } from './config-error.js';

/**
 * Checks `maxInputChars`: a positive safe integer.
 *
 * @throws AgentCoreError `CONFIG_INVALID` naming the value and the allowed range.
 */
export function checkMaxInputChars(maxInputChars: unknown): number {
  if (typeof maxInputChars === 'number' && Number.isSafeInteger(maxInputChars) && maxInputChars >= 1) return maxInputChars;
  const actual = describeValue(maxInputChars);
  const shown = detailValue(maxInputChars);
  throw configError(`maxInputChars must be a positive safe integer (1 to ${Number.MAX_SAFE_INTEGER}), got ${actual}`, {
    field: 'maxInputChars',
    rule: 'positive-safe-integer',
    limit: Number.MAX_SAFE_INTEGER,
    actual: shown,
  });
}
