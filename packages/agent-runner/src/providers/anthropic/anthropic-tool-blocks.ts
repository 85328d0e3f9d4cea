import type { ProviderChunk } from '@jangts/agent-types';
import { isRecord } from '../shared/is-record.js';

interface ToolBlock {
  readonly callId: string;
  readonly toolId: string;
  /** The `input` of `content_block_start`, sent at the block's stop if no delta carried input. */
  readonly initialInput: unknown;
  /** Whether a chunk of this call went out (the first one registers it). */
  announced: boolean;
}

/**
 * Turns Messages API `tool_use` content blocks into runner `tool-call` chunks (call id = the
 * `tool_use` id, tool id = its name). A call is announced with its first argument piece (each
 * non-empty `input_json_delta` is one), or at the block's stop: with the input given whole in its
 * start, else with empty arguments. Nothing goes out at the block's start, so a failure between a
 * block's start and its first piece (an `overloaded_error` event) comes before any chunk, and the
 * runner may retry it, as it would a 529. Other block types (`server_tool_use`, results,
 * thinking) are not the App's tool calls and are ignored.
 */
export class AnthropicToolBlocks {
  readonly #blocks = new Map<number, ToolBlock>();

  /** Registers the call a `content_block_start` event opens. */
  start(index: number, block: Record<string, unknown>): void {
    const { type, id, name, input } = block;
    if (type !== 'tool_use' || typeof id !== 'string' || typeof name !== 'string') return;
    this.#blocks.set(index, { callId: id, toolId: name, initialInput: input, announced: false });
  }

  /** Pushes the chunks an `input_json_delta` of block `index` contributes onto `out`. */
  delta(index: number, partialJson: string, out: ProviderChunk[]): void {
    const block = this.#blocks.get(index);
    if (block === undefined || partialJson === '') return;
    block.announced = true;
    out.push({ type: 'tool-call', callId: block.callId, toolId: block.toolId, argsDelta: partialJson });
  }

  /** Pushes the chunks a `content_block_stop` of block `index` contributes onto `out`. */
  stop(index: number, out: ProviderChunk[]): void {
    const block = this.#blocks.get(index);
    this.#blocks.delete(index);
    if (block !== undefined) this.#announce(block, out);
  }

  /** Announces the calls whose block never stopped (at `message_stop`), so none is lost. */
  end(out: ProviderChunk[]): void {
    for (const block of this.#blocks.values()) this.#announce(block, out);
    this.#blocks.clear();
  }

  #announce(block: ToolBlock, out: ProviderChunk[]): void {
    if (block.announced) return;
    const input = block.initialInput;
    const argsDelta = isRecord(input) && Object.keys(input).length > 0 ? JSON.stringify(input) : '';
    out.push({ type: 'tool-call', callId: block.callId, toolId: block.toolId, argsDelta });
  }
}
