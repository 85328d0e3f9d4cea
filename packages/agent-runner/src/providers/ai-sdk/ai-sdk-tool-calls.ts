import type { ProviderChunk } from '@jangts/agent-types';

interface TrackedCall {
  readonly toolId: string;
  /** Whether input deltas are streamed as JSON text (`inputEncoding` other than `text`). */
  readonly streams: boolean;
  streamed: boolean;
}

/**
 * Turns AI SDK tool parts into runner `tool-call` chunks. `tool-input-start` registers a call
 * (empty arguments) and each JSON `tool-input-delta` adds a piece; the final `tool-call` part
 * sends its whole `input` only when no delta carried it (a model that streams no input, or
 * text-encoded input deltas). Provider-executed calls are not the App's and are ignored.
 */
export class AiSdkToolCalls {
  readonly #calls = new Map<string, TrackedCall>();
  readonly #ignored = new Set<string>();

  /** Chunks of a `tool-input-start` part; `streams`: its input deltas are JSON text. */
  *start(id: string, toolName: string, providerExecuted: boolean, streams: boolean): Generator<ProviderChunk, void, undefined> {
    if (providerExecuted) {
      this.#ignored.add(id);
      return;
    }
    this.#calls.set(id, { toolId: toolName, streams, streamed: false });
    if (streams) yield { type: 'tool-call', callId: id, toolId: toolName, argsDelta: '' };
  }

  /** Chunks of a `tool-input-delta` part. */
  *delta(id: string, delta: string): Generator<ProviderChunk, void, undefined> {
    const call = this.#calls.get(id);
    if (call === undefined || !call.streams || delta === '') return;
    call.streamed = true;
    yield { type: 'tool-call', callId: id, toolId: call.toolId, argsDelta: delta };
  }

  /** Chunks of a final `tool-call` part. */
  *call(toolCallId: string, toolName: string, input: string, providerExecuted: boolean): Generator<ProviderChunk, void, undefined> {
    if (providerExecuted || this.#ignored.has(toolCallId)) return;
    const call = this.#calls.get(toolCallId);
    if (call?.streamed === true) return;
    if (call?.streams === true && input === '') return;
    this.#calls.set(toolCallId, { toolId: toolName, streams: true, streamed: true });
    yield { type: 'tool-call', callId: toolCallId, toolId: call?.toolId ?? toolName, argsDelta: input };
  }
}
