import type { MaybePromise, OperationContext, ReflectionLogReader } from '@jangts/agent-types';

/** Options of `defineReflectionLogSource`; unknown keys are refused (`CONFIG_INVALID`). */
export interface ReflectionLogSourceOptions<App> {
  /** Any `ReflectionLogReader`: the file log store's `reader`, or the App's own. */
  readonly reader: ReflectionLogReader;
  /** The one trace (run) this source reads; a query naming another run is refused. */
  readonly traceId: string;
  /** The source id (a non-empty string). */
  readonly id: string;
  /** The App's guard, run before every query (after the run scope check). A rejection is `UNAUTHORIZED`. */
  readonly authorize: (context: OperationContext<App>) => MaybePromise<void>;
  /** What the model is told about the source; a default names the trace. */
  readonly description?: string | undefined;
}
