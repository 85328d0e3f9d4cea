import type { AgentCoreError, ModelProvider, OutputSink } from '@jangts/agent-types';

/** Retry policy for provider failures before the first chunk. */
export interface RetryOptions {
  /** Total tries, the first included: an integer 1–100; default 3. `1` disables retries. */
  readonly attempts?: number | undefined;
  /** Backoff before retry n is `baseDelayMs * 2^(n-1)`; default 500 ms. */
  readonly baseDelayMs?: number | undefined;
  /**
   * Longest wait the runner accepts before a retry; default 30,000 ms. When the backoff or the
   * provider's `retry-after` asks for more, the failure is raised instead of waited out.
   */
  readonly maxDelayMs?: number | undefined;
}

/** Options of {@link ModelRunner}. */
export interface ModelRunnerOptions {
  /** The model provider every call streams from. */
  readonly provider: ModelProvider;
  /** Output sinks; `output` receives every call's events in order. */
  readonly sink?: { readonly output?: OutputSink | undefined } | undefined;
  /** Retries of retryable provider failures before the first chunk. */
  readonly retry?: RetryOptions | undefined;
  /** Overall limit of one `invoke` (retries, backoff and sink waits included), in ms; none by default. */
  readonly timeoutMs?: number | undefined;
  /** Limit of streamed text plus tool-argument characters (UTF-16 units) per call; none by default. */
  readonly maxOutputChars?: number | undefined;
  /**
   * Record message content, the streamed text and the proposals in `context.logger`. Off by
   * default: only sizes, ids, reasons and codes are recorded.
   */
  readonly recordContent?: boolean | undefined;
  /**
   * Called with every warning (`SINK_FAILED`, `LOG_FAILED`): failures that never fail the call.
   * Also called for a warning that happens after the call settled. Must not throw (a throw is ignored).
   */
  readonly onWarning?: ((warning: AgentCoreError) => void) | undefined;
}
