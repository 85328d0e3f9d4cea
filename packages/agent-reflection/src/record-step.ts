import type { JsonObject, SubFlowLog } from '@jangts/agent-types';

/**
 * Records one reflection step into the App's logger, when there is one. A logger that throws
 * never fails the reflection: the step is simply not recorded.
 */
export function recordStep(logger: SubFlowLog | undefined, type: string, data: JsonObject): void {
  if (logger === undefined) return;
  try {
    logger.record(type, data);
  } catch {
    // Logging is best effort; the reflection's outcome does not depend on it.
  }
}
