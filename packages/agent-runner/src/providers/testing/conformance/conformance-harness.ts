import type { ModelProvider } from '@jangts/agent-types';

/** One recorded response to serve, by file name (without extension) in the harness's recordings. */
export interface RecordingCue {
  readonly name: string;
  /** After the recording: end normally (default), reset the connection, or hang until closed. */
  readonly then?: 'end' | 'reset' | 'hang';
}

/** The request every harness receives in the request-mapping scenario, checked on the wire. */
export interface WireCheck {
  /** Asserts that call `index` carried the scenario's messages and tools in the protocol's shape. */
  (index: number): void;
}

/**
 * One provider under the conformance suite, with the "server" that speaks its wire protocol:
 * a loopback HTTP server for the HTTP providers, a mock language model for the AI SDK adapter.
 */
export interface ConformanceHarness {
  /** Provider name, as in `details.providerId`. */
  readonly name: string;
  /** The secret the provider is configured with; it must never appear in an error. */
  readonly apiKey: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Forgets earlier calls and queues one recording per expected call. */
  serve(cues: readonly RecordingCue[]): void;
  /** A fresh provider talking to this harness's server. */
  provider(): ModelProvider;
  /** Calls received since the last `serve`. */
  calls(): number;
  /**
   * Resolves when the connection (or model stream) of the last call is over: `by-client` when
   * the provider closed it before the server finished (an abort), `completed` otherwise.
   */
  lastCallClosed(): Promise<'by-client' | 'completed' | undefined>;
  /** Checks the wire form of the request-mapping scenario's request. */
  readonly checkRequestMapping: WireCheck;
}
