import type { ProviderChunk } from '@jangts/agent-types';
import { isRecord } from '../shared/is-record.js';

interface ToolBlock {
  readonly callId: string;
  readonly toolId: string;
  /** The `input` of `content_block_start`, sent at the block's stop if no delta carried input. */
  readonly initialInput: unknown;
  streamed: boolean;
}

/**
 * Turns Messages API `tool_use` content blocks into runner `tool-call` chunks: the block's start
 * registers the call (call id = the `tool_use` id, tool id = its name) with empty arguments,
 * each non-empty `input_json_delta` adds a piece, and a block whose input came whole in its
 * start (no deltas) sends it at its stop. Other block types (`server_tool_use`, results,
 * thinking) are not the App's tool calls and are ignored.
 */
export class AnthropicToolBlocks {
  readonly #blocks = new Map<number, ToolBlock>();

  /** Pushes the chunks a `content_block_start` event contributes onto `out`. */
  start(index: number, block: Record<string, unknown>, out: ProviderChunk[]): void {
    if (block.type !== 'tool_use' || typeof block.id !== 'string' || typeof block.name !== 'string') return;
    this.#blocks.set(index, { callId: block.id, toolId: block.name, initialInput: block.input, streamed: false });
    out.push({ type: 'tool-call', callId: block.id, toolId: block.name, argsDelta: '' });
  }

  /** Pushes the chunks an `input_json_delta` of block `index` contributes onto `out`. */
  delta(index: number, partialJson: string, out: ProviderChunk[]): void {
    const block = this.#blocks.get(index);
    if (block === undefined || partialJson === '') return;
    block.streamed = true;
    out.push({ type: 'tool-call', callId: block.callId, toolId: block.toolId, argsDelta: partialJson });
  }

  /** Pushes the chunks a `content_block_stop` of block `index` contributes onto `out`. */
  stop(index: number, out: ProviderChunk[]): void {
    const block = this.#blocks.get(index);
    this.#blocks.delete(index);
    if (block === undefined || block.streamed) return;
    const input = block.initialInput;
    if (isRecord(input) && Object.keys(input).length > 0) {
      out.push({ type: 'tool-call', callId: block.callId, toolId: block.toolId, argsDelta: JSON.stringify(input) });
    }
  }
}
