import type { EventSourceMessage } from 'eventsource-parser';
import type { FinishReason, ModelUsage, ProviderChunk } from '@jangts/agent-types';
import type { EventStreamState } from '../http/stream-chunks.js';
import { parseEventJson } from '../http/parse-event-json.js';
import { isRecord } from '../shared/is-record.js';
import { mapOpenAIFinishReason } from './map-openai-finish-reason.js';
import { mapOpenAIUsage } from './map-openai-usage.js';
import { openAIStreamError } from './openai-stream-error.js';
import { OpenAIToolCalls } from './openai-tool-calls.js';
import { providerFailure } from '../../provider-failure.js';
import { randomHexId } from '../../diagnostics/random-hex-id.js';

const PROVIDER = 'openai-compatible';

/**
 * Maps the events of a Chat Completions stream to runner chunks: `delta.content` → `text`,
 * `delta.tool_calls` → `tool-call` (see {@link OpenAIToolCalls}), and one `finish` when the
 * stream ends (at `[DONE]`, or when the body ends without it), carrying the last `finish_reason`
 * and the usage if any arrived (often in a last chunk with no choices). Only choice 0 is read. A
 * refusal turns a `stop` finish into `content-filter`. Throws `PROVIDER_FAILED` for an `error`
 * payload, malformed JSON, a tool call without a function name, and a stream that ends without
 * any `finish_reason` (`retryable: true`: the connection was cut).
 */
export class OpenAIStreamState implements EventStreamState {
  readonly #secrets: readonly string[];
  // Made only when a stream names no response id; `getRandomValues`, not `randomUUID`, which a
  // browser offers only in secure contexts (an App on a plain-http intranet host has none).
  #fallbackId: string | undefined;
  readonly #toolCalls = new OpenAIToolCalls(() => this.#responseId ?? (this.#fallbackId ??= randomUuid()));
  #responseId: string | undefined;
  #finishReason: FinishReason | undefined;
  #usage: ModelUsage | undefined;
  #refused = false;

  /** @param secrets - redacted from any excerpt of the wire data. */
  constructor(secrets: readonly string[]) {
    this.#secrets = secrets;
  }

  accept(event: EventSourceMessage, out: ProviderChunk[]): boolean {
    if (event.data.trim() === '[DONE]') return false;
    if (event.event === 'error') throw openAIStreamError(event.data, this.#secrets);
    const chunk = parseEventJson(PROVIDER, event.data, this.#secrets);
    if (chunk.error !== undefined && chunk.error !== null) throw openAIStreamError(event.data, this.#secrets);
    if (this.#responseId === undefined && typeof chunk.id === 'string' && chunk.id !== '') this.#responseId = chunk.id;
    this.#usage = mapOpenAIUsage(chunk.usage) ?? this.#usage;
    const choices = Array.isArray(chunk.choices) ? (chunk.choices as unknown[]) : [];
    const choice = choices.find((entry) => isRecord(entry) && (entry.index ?? 0) === 0);
    if (!isRecord(choice)) return true;
    const delta = isRecord(choice.delta) ? choice.delta : {};
    if (typeof delta.content === 'string' && delta.content !== '') out.push({ type: 'text', text: delta.content });
    if (typeof delta.refusal === 'string' && delta.refusal !== '') this.#refused = true;
    if (Array.isArray(delta.tool_calls)) {
      (delta.tool_calls as unknown[]).forEach((call, position) => {
        this.#toolCalls.accept(call, position, out);
      });
    }
    if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') {
      this.#finishReason = mapOpenAIFinishReason(choice.finish_reason);
    }
    return true;
  }

  finished(): boolean {
    return this.#finishReason !== undefined;
  }

  end(out: ProviderChunk[]): void {
    const unnamed = this.#toolCalls.unnamed();
    if (unnamed.length > 0) {
      throw providerFailure(`tool call ${unnamed.join(', ')} arrived without a function name`, {
        provider: PROVIDER,
        retryable: false,
      });
    }
    if (this.#finishReason === undefined) {
      throw providerFailure('the stream ended without a finish_reason', { provider: PROVIDER, retryable: true });
    }
    const reason = this.#refused && this.#finishReason === 'stop' ? 'content-filter' : this.#finishReason;
    out.push({ type: 'finish', reason, ...(this.#usage === undefined ? {} : { usage: this.#usage }) });
  }
}

/** A random version 4 UUID from `getRandomValues`. */
function randomUuid(): string {
  const hex = randomHexId(16);
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
