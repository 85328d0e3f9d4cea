import type { ModelMessage } from './model-message.js';

/** A JSON Schema document, as sent to a provider. */
export type JsonSchema = Record<string, unknown>;

/** Why the model stopped. */
export type FinishReason = 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'other';

/** Token usage as the provider reports it. */
export interface ModelUsage {
  readonly inputTokens?: number | undefined;
  readonly outputTokens?: number | undefined;
}

/** One structured piece of a provider's stream. A bare string chunk is a text delta. */
export type ProviderChunk =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'tool-call';
      readonly callId: string;
      readonly toolId: string;
      /** The next piece of the call's JSON arguments text. */
      readonly argsDelta: string;
    }
  | { readonly type: 'finish'; readonly reason: FinishReason; readonly usage?: ModelUsage | undefined };

/** A tool as the provider receives it: parameters as plain JSON Schema. */
export interface ProviderTool {
  readonly id: string;
  readonly description: string;
  readonly parameters: JsonSchema;
}

/** What a provider is asked to stream. */
export interface ProviderRequest {
  readonly stageId: string;
  readonly messages: readonly ModelMessage[];
  /** The stage's tools; empty for a plain-text stage. */
  readonly tools: readonly ProviderTool[];
}

/** Options of one provider call. */
export interface ProviderStreamOptions {
  /** Aborts the call; the provider must stop and release its connection. */
  readonly signal: AbortSignal;
}

/**
 * One item of a provider's stream: a chunk (a bare string is a text delta), or a batch of
 * chunks, taken in order as if yielded one by one (the chunks parsed from one network read: one
 * async step per read, not per chunk).
 */
export type ProviderStreamItem = string | ProviderChunk | readonly (string | ProviderChunk)[];

/**
 * A model provider: streams text deltas (bare strings or `text` chunks), tool-call argument
 * deltas and a finish chunk, one by one or in batches ({@link ProviderStreamItem}; the HTTP
 * providers yield one batch per network read). Failures are thrown from the iterator; the runner
 * closes the iterator (`return()`) on abort, timeout or limit.
 */
export interface ModelProvider {
  readonly id?: string | undefined;
  /**
   * The model the provider's calls ask for (`gpt-4o-mini`, `claude-sonnet-4-5`), when it knows
   * it. The runner records it on each call's `model.start` (`model`), which OpenTelemetry spans
   * name: `chat {model}`, `gen_ai.request.model`.
   */
  readonly model?: string | undefined;
  stream(request: ProviderRequest, options: ProviderStreamOptions): AsyncIterable<ProviderStreamItem>;
}
