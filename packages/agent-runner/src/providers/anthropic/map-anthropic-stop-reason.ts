import type { FinishReason } from '@jangts/agent-types';

/**
 * Maps a Messages API `stop_reason` to the runner's: `end_turn` and `stop_sequence` → `stop`,
 * `tool_use` → `tool-calls`, `max_tokens` and `model_context_window_exceeded` → `length`,
 * `refusal` → `content-filter`, anything else (`pause_turn`, none) → `other`.
 */
export function mapAnthropicStopReason(reason: string): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'tool_use':
      return 'tool-calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'refusal':
      return 'content-filter';
    default:
      return 'other';
  }
}
