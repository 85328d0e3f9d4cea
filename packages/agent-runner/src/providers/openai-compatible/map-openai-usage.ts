import type { ModelUsage } from '@jangts/agent-types';
import { isRecord } from '../shared/is-record.js';
import { tokenCount } from '../shared/token-count.js';

/** Maps Chat Completions `usage` (`prompt_tokens`, `completion_tokens`) to runner usage; a count that is not a non-negative safe integer is dropped. */
export function mapOpenAIUsage(usage: unknown): ModelUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const inputTokens = tokenCount(usage.prompt_tokens);
  const outputTokens = tokenCount(usage.completion_tokens);
  if (inputTokens === undefined && outputTokens === undefined) return undefined;
  return {
    ...(inputTokens === undefined ? {} : { inputTokens }),
    ...(outputTokens === undefined ? {} : { outputTokens }),
  };
}
