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

  /** Chunks of a `tool-input-start` part. */
  *start(part: {
    readonly id: string;
    readonly toolName: string;
    readonly providerExecuted?: boolean;
    readonly inputEncoding?: 'json' | 'text';
  }): Generator<ProviderChunk, void, undefined> {
    if (part.providerExecuted === true) {
      this.#ignored.add(part.id);
      return;
    }
    const streams = part.inputEncoding !== 'text';
    this.#calls.set(part.id, { toolId: part.toolName, streams, streamed: false });
    if (streams) yield { type: 'tool-call', callId: part.id, toolId: part.toolName, argsDelta: '' };
  }

  /** Chunks of a `tool-input-delta` part. */
  *delta(part: { readonly id: string; readonly delta: string }): Generator<ProviderChunk, void, undefined> {
    const call = this.#calls.get(part.id);
    if (call === undefined || !call.streams || part.delta === '') return;
    call.streamed = true;
    yield { type: 'tool-call', callId: part.id, toolId: call.toolId, argsDelta: part.delta };
  }

  /** Chunks of a final `tool-call` part. */
  *call(part: {
    readonly toolCallId: string;
    readonly toolName: string;
    readonly input: string;
    readonly providerExecuted?: boolean;
  }): Generator<ProviderChunk, void, undefined> {
    if (part.providerExecuted === true || this.#ignored.has(part.toolCallId)) return;
    const call = this.#calls.get(part.toolCallId);
    if (call?.streamed === true) return;
    if (call?.streams === true && part.input === '') return;
    this.#calls.set(part.toolCallId, { toolId: part.toolName, streams: true, streamed: true });
    yield { type: 'tool-call', callId: part.toolCallId, toolId: call?.toolId ?? part.toolName, argsDelta: part.input };
  }
}
