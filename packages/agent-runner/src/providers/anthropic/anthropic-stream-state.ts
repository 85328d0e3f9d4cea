import type { EventSourceMessage } from 'eventsource-parser';
import type { ProviderChunk } from '@jangts/agent-types';
import type { EventStreamState } from '../http/stream-chunks.js';
import { parseEventJson } from '../http/parse-event-json.js';
import { isRecord } from '../shared/is-record.js';
import { anthropicStreamError } from './anthropic-stream-error.js';
import { AnthropicToolBlocks } from './anthropic-tool-blocks.js';
import { AnthropicUsage } from './anthropic-usage.js';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason.js';
import { providerFailure } from '../../provider-failure.js';

const PROVIDER = 'anthropic';

/**
 * Maps the events of a Messages API stream to runner chunks: `text_delta` (and the text of a
 * text block's start) → `text`, `tool_use` blocks → `tool-call` (see
 * {@link AnthropicToolBlocks}: announced with their first argument piece, not at their start), and at `message_stop` one `finish` with the mapped
 * `stop_reason` and usage; reading stops there. `ping`, unknown events, blocks and deltas are
 * ignored. Throws `PROVIDER_FAILED` for an `error` event (see `anthropicStreamError`), malformed
 * JSON, and a stream that ends without `message_stop` (`retryable: true`).
 */
export class AnthropicStreamState implements EventStreamState {
  readonly #secrets: readonly string[];
  readonly #tools = new AnthropicToolBlocks();
  readonly #usage = new AnthropicUsage();
  #stopReason = '';
  #stopped = false;

  /** @param secrets - redacted from any excerpt of the wire data. */
  constructor(secrets: readonly string[]) {
    this.#secrets = secrets;
  }

  accept(event: EventSourceMessage, out: ProviderChunk[]): boolean {
    if (event.event === 'error') throw anthropicStreamError(event.data, this.#secrets);
    const data = parseEventJson(PROVIDER, event.data, this.#secrets);
    const index = typeof data.index === 'number' ? data.index : -1;
    const type = typeof data.type === 'string' ? data.type : (event.event ?? '');
    switch (type) {
      case 'message_start':
        this.#usage.accept(isRecord(data.message) ? data.message.usage : undefined);
        return true;
      case 'content_block_start': {
        const block = isRecord(data.content_block) ? data.content_block : {};
        if (block.type === 'text' && typeof block.text === 'string' && block.text !== '') out.push({ type: 'text', text: block.text });
        this.#tools.start(index, block);
        return true;
      }
      case 'content_block_delta': {
        const delta = isRecord(data.delta) ? data.delta : {};
        if (delta.type === 'text_delta' && typeof delta.text === 'string' && delta.text !== '') {
          out.push({ type: 'text', text: delta.text });
        } else if (delta.type === 'input_json_delta' && typeof delta.partial_json === 'string') {
          this.#tools.delta(index, delta.partial_json, out);
        }
        return true;
      }
      case 'content_block_stop':
        this.#tools.stop(index, out);
        return true;
      case 'message_delta': {
        const delta = isRecord(data.delta) ? data.delta : {};
        if (typeof delta.stop_reason === 'string') this.#stopReason = delta.stop_reason;
        this.#usage.accept(data.usage);
        return true;
      }
      case 'message_stop': {
        this.#tools.end(out);
        const usage = this.#usage.value();
        out.push({ type: 'finish', reason: mapAnthropicStopReason(this.#stopReason), ...(usage === undefined ? {} : { usage }) });
        this.#stopped = true;
        return false;
      }
      case 'error':
        throw anthropicStreamError(event.data, this.#secrets);
      default:
        return true;
    }
  }

  end(): void {
    if (!this.#stopped) throw providerFailure('the stream ended without message_stop', { provider: PROVIDER, retryable: true });
  }
}
