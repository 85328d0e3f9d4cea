import type { ModelUsage } from '@jangts/agent-types';
import { isRecord } from '../shared/is-record.js';
import { tokenCount } from '../shared/token-count.js';

/** Maps AI SDK usage (`inputTokens.total`, `outputTokens.total`) to runner usage; a count that is not a non-negative safe integer is dropped. */
export function mapAiSdkUsage(usage: unknown): ModelUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const inputTokens = total(usage.inputTokens);
  const outputTokens = total(usage.outputTokens);
  if (inputTokens === undefined && outputTokens === undefined) return undefined;
  return {
    ...(inputTokens === undefined ? {} : { inputTokens }),
    ...(outputTokens === undefined ? {} : { outputTokens }),
  };
}

function total(tokens: unknown): number | undefined {
  if (typeof tokens === 'number') return tokenCount(tokens);
  return isRecord(tokens) ? tokenCount(tokens.total) : undefined;
}
