import type { ModelUsage } from '@jangts/agent-types';
import { isRecord } from '../shared/is-record.js';
import { tokenCount } from '../shared/token-count.js';

/**
 * Accumulates Messages API usage across `message_start` and `message_delta`: input tokens are
 * `input_tokens` plus cache creation and cache read tokens (the total the model read), output
 * tokens are the latest `output_tokens` (the API reports them cumulatively). A count that is not a
 * non-negative safe integer is dropped (a cache count so, as 0).
 */
export class AnthropicUsage {
  #input: number | undefined;
  #output: number | undefined;

  /** Reads one `usage` object; fields it lacks keep their earlier values. */
  accept(usage: unknown): void {
    if (!isRecord(usage)) return;
    const input = tokenCount(usage.input_tokens);
    if (input !== undefined) this.#input = tokenCount(input + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens));
    const output = tokenCount(usage.output_tokens);
    if (output !== undefined) this.#output = output;
  }

  /** The usage so far, or `undefined` when none arrived. */
  value(): ModelUsage | undefined {
    if (this.#input === undefined && this.#output === undefined) return undefined;
    return {
      ...(this.#input === undefined ? {} : { inputTokens: this.#input }),
      ...(this.#output === undefined ? {} : { outputTokens: this.#output }),
    };
  }
}

function count(value: unknown): number {
  return tokenCount(value) ?? 0;
}
