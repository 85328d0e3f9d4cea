import type { DiagnosticContext } from './diagnostic-context.js';
import type { SubFlowLog } from './sub-flow-log.js';

/**
 * What every operation receives from the App: its own value, an optional recorder, the
 * cancellation signal, and the diagnostic scope.
 */
export interface OperationContext<App = unknown> {
  /** The App's own value (its services, user, tenant, …); read-only unless `App` is unknown. */
  readonly app: unknown extends App ? App : Readonly<App>;
  /** Explicit optional recorder for this operation; never inferred from diagnostics. */
  readonly logger?: SubFlowLog | undefined;
  /** Non-optional cancellation signal; never undefined once execution has started. */
  readonly signal: AbortSignal;
  /** Diagnostic scope of the enclosing call, when recording is enabled. */
  readonly diagnostics?: DiagnosticContext | undefined;
}
