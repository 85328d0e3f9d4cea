import type { ProviderChunk } from '@jangts/agent-types';
import { isRecord } from '../shared/is-record.js';
import { providerFailure } from '../../provider-failure.js';

interface TrackedCall {
  callId: string;
  toolId: string | undefined;
  /** Argument text that arrived before the function name; sent once the name is known. */
  pending: string;
}

/**
 * Turns streamed Chat Completions `tool_calls` deltas into runner `tool-call` chunks. Calls are
 * keyed by `index` (which may start at 1, and whose deltas may interleave) — or, from servers that
 * send no `index`, by a new non-empty `id`, else as the continuation of the call at the same
 * position. The call id is the first non-empty `id` seen on the call's first delta, or
 * `<response id>-call-<index>` when the server sends none (empty-string ids included). The first chunk of each call registers it, even
 * with empty arguments; later empty argument pieces are dropped. Arguments sent as a JSON object
 * or array instead of a string (as some OpenAI-compatible servers do) count as their JSON text.
 */
export class OpenAIToolCalls {
  readonly #calls = new Map<string, TrackedCall>();
  /** For deltas without `index`: the key of the call last continued at each array position. */
  readonly #lastAtPosition = new Map<number, string>();
  readonly #fallbackPrefix: () => string;

  /** @param fallbackPrefix - prefix of synthesised call ids (the response id when there is one). */
  constructor(fallbackPrefix: () => string) {
    this.#fallbackPrefix = fallbackPrefix;
  }

  /** Pushes the chunks one `tool_calls` delta entry contributes onto `out`. */
  accept(delta: unknown, position: number, out: ProviderChunk[]): void {
    if (!isRecord(delta)) return;
    const givenId = typeof delta.id === 'string' && delta.id !== '' ? delta.id : undefined;
    const key = this.#keyOf(delta.index, givenId, position);
    const fn = isRecord(delta.function) ? delta.function : {};
    const name = typeof fn.name === 'string' && fn.name !== '' ? fn.name : undefined;
    let call = this.#calls.get(key);
    if (call === undefined) {
      const fallbackIndex = typeof delta.index === 'number' ? delta.index : this.#calls.size;
      call = { callId: givenId ?? `${this.#fallbackPrefix()}-call-${fallbackIndex}`, toolId: undefined, pending: '' };
      this.#calls.set(key, call);
    }
    const args = argumentsText(fn.arguments, call.callId);
    if (call.toolId === undefined) {
      if (name === undefined) {
        call.pending += args;
        return;
      }
      call.toolId = name;
      out.push({ type: 'tool-call', callId: call.callId, toolId: name, argsDelta: call.pending + args });
      call.pending = '';
      return;
    }
    if (args !== '') out.push({ type: 'tool-call', callId: call.callId, toolId: call.toolId, argsDelta: args });
  }

  /**
   * Which call a delta continues: by `index` when the server sends one; without it (older Ollama,
   * Gemini's OpenAI endpoint), by a new `id`, or else the call last continued at the same position.
   */
  #keyOf(index: unknown, id: string | undefined, position: number): string {
    if (typeof index === 'number') return `index:${index}`;
    const last = this.#lastAtPosition.get(position);
    const key = id === undefined ? (last ?? `position:${position}`) : `id:${id}`;
    this.#lastAtPosition.set(position, key);
    return key;
  }

  /** Ids of the calls whose function name never arrived. */
  unnamed(): string[] {
    return [...this.#calls.values()].filter((call) => call.toolId === undefined).map((call) => call.callId);
  }
}

/**
 * The argument text one delta carries: a string as it is; an object or array (some servers send
 * the arguments parsed, not as text) as its JSON text; anything else (a number, `null`, none) as
 * no text. Nesting too deep to serialise is `PROVIDER_FAILED` (not retryable).
 */
function argumentsText(value: unknown, callId: string): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  // Parsed from the event's JSON, so only nesting deeper than the engine's stack can fail here.
  try {
    return JSON.stringify(value);
  } catch (error) {
    throw providerFailure(`tool call ${callId} sent arguments nested too deeply to read`, { provider: 'openai-compatible', retryable: false }, error);
  }
}
