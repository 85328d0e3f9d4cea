import type { ProviderChunk } from '@jangts/agent-types';
import { providerFailure } from '../../provider-failure.js';
import { sameJson } from '../shared/same-json.js';

interface TrackedCall {
  readonly toolId: string;
  /** Whether input deltas are streamed as JSON text (`inputEncoding` other than `text`). */
  readonly streams: boolean;
  /** The argument text sent so far. */
  sent: string;
}

/**
 * Turns AI SDK tool parts into runner `tool-call` chunks. `tool-input-start` registers a call
 * (empty arguments) and each JSON `tool-input-delta` adds a piece. The final `tool-call` part is
 * the provider's word on the call's input (as `streamText` takes it), and the runner builds the
 * proposal's arguments from the pieces sent, which cannot be taken back. So: a call whose input
 * no delta carried (a model that streams no input, or text-encoded deltas) gets the whole input;
 * a final input that extends the pieces sent gets what it adds as one more piece; one that is the
 * same JSON spelled differently gets nothing more; one that contradicts them is `PROVIDER_FAILED`
 * (not retryable: the pieces were shown). Provider-executed calls are not the App's and are ignored.
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
    this.#calls.set(id, { toolId: toolName, streams, sent: '' });
    if (streams) yield { type: 'tool-call', callId: id, toolId: toolName, argsDelta: '' };
  }

  /** Chunks of a `tool-input-delta` part. */
  *delta(id: string, delta: string): Generator<ProviderChunk, void, undefined> {
    const call = this.#calls.get(id);
    if (call === undefined || !call.streams || delta === '') return;
    call.sent += delta;
    yield { type: 'tool-call', callId: id, toolId: call.toolId, argsDelta: delta };
  }

  /** Chunks of a final `tool-call` part. */
  *call(toolCallId: string, toolName: string, input: string, providerExecuted: boolean): Generator<ProviderChunk, void, undefined> {
    if (providerExecuted || this.#ignored.has(toolCallId)) return;
    const call = this.#calls.get(toolCallId);
    if (call === undefined || !call.streams) {
      // Nothing streamed as JSON: the whole input, registering the call.
      this.#calls.set(toolCallId, { toolId: call?.toolId ?? toolName, streams: true, sent: input });
      yield { type: 'tool-call', callId: toolCallId, toolId: call?.toolId ?? toolName, argsDelta: input };
      return;
    }
    const { sent } = call;
    if (input === sent || (sent === '' && input === '') || sameJson(sent, input)) return;
    if (input.startsWith(sent)) {
      call.sent = input;
      yield { type: 'tool-call', callId: toolCallId, toolId: call.toolId, argsDelta: input.slice(sent.length) };
      return;
    }
    throw providerFailure(`tool call ${toolCallId}: the model's final input differs from the input it streamed, which was already sent on`, { provider: 'ai-sdk', retryable: false });
  }
}
