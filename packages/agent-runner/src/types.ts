import type { AgentCoreError, DiagnosticContext, ModelResult } from '@jangts/agent-types';

/** What `ModelRunner.invoke` resolves to: the {@link ModelResult} plus what the call observed. */
export interface ModelRunResult extends ModelResult {
  /**
   * Failures that did not fail the call: `SINK_FAILED` (an output sink threw or rejected; it was
   * detached for the rest of the call) and `LOG_FAILED` (the logger threw). Empty when none.
   */
  readonly warnings: readonly AgentCoreError[];
  /** The call's own span (a child of `context.diagnostics`), present only when the App gave diagnostics. */
  readonly diagnostics?: DiagnosticContext | undefined;
}
