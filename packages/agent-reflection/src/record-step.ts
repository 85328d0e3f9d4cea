import type { JsonObject, SubFlowLog } from '@jangts/agent-types';

function ignore(): void {
  // Logging is best effort; the reflection's outcome does not depend on it.
}

/**
 * Records one reflection step into the App's logger, when there is one. A logger that throws
 * never fails the reflection: the step is simply not recorded.
 */
export function recordStep(logger: SubFlowLog | undefined, type: string, data: JsonObject): void {
  if (logger === undefined) return;
  try {
    // Typed to return nothing; an async logger's rejection must not go unhandled (it would end
    // the process).
    const result = (logger as { record(type: string, data: JsonObject): unknown }).record(type, data);
    if (typeof result === 'object' && result !== null && typeof (result as { then?: unknown }).then === 'function') {
      (result as PromiseLike<unknown>).then(undefined, ignore);
    }
  } catch {
    // Logging is best effort; the reflection's outcome does not depend on it.
  }
}
