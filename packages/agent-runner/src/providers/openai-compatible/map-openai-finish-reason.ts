import type { FinishReason } from '@jangts/agent-types';

/**
 * Maps a Chat Completions `finish_reason` to the runner's: `stop` → `stop`, `tool_calls` and
 * the legacy `function_call` → `tool-calls`, `length` → `length`, `content_filter` →
 * `content-filter`, anything else → `other`.
 */
export function mapOpenAIFinishReason(reason: string): FinishReason {
  switch (reason) {
    case 'stop':
      return 'stop';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    default:
      return 'other';
  }
}
