import type { ModelUsage } from '@jangts/agent-types';
import { isRecord } from '../shared/is-record.js';

/** Maps Chat Completions `usage` (`prompt_tokens`, `completion_tokens`) to runner usage. */
export function mapOpenAIUsage(usage: unknown): ModelUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const inputTokens = typeof usage.prompt_tokens === 'number' ? usage.prompt_tokens : undefined;
  const outputTokens = typeof usage.completion_tokens === 'number' ? usage.completion_tokens : undefined;
  if (inputTokens === undefined && outputTokens === undefined) return undefined;
  return {
    ...(inputTokens === undefined ? {} : { inputTokens }),
    ...(outputTokens === undefined ? {} : { outputTokens }),
  };
}
