import type { AgentCoreError, DiagnosticContext, ModelResult, ToolSpec } from '@jangts/agent-types';

/**
 * What `ModelRunner.invoke` resolves to: the {@link ModelResult} plus what the call observed.
 * `TTools` is the type of the stage's tools (see `ModelResult`): `readonly []` for a plain-text
 * stage, whose `value` is a `string`.
 */
export interface ModelRunResult<TTools extends readonly ToolSpec[] = readonly ToolSpec[]> extends ModelResult<TTools> {
  /**
   * Failures that did not fail the call: `SINK_FAILED` (an output sink threw or rejected; it was
   * detached for the rest of the call) and `LOG_FAILED` (the logger threw). Empty when none.
   */
  readonly warnings: readonly AgentCoreError[];
  /** The call's own span (a child of `context.diagnostics`), present only when the App gave diagnostics. */
  readonly diagnostics?: DiagnosticContext | undefined;
}
