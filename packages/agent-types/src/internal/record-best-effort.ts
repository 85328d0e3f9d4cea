import type { JsonObject } from '../json-value.js';
import type { SubFlowLog } from '../sub-flow-log.js';
import { isPromiseLike } from './is-promise-like.js';

function ignore(): void {
  // Recording is best effort: the outcome of what is recorded never depends on it.
}

/**
 * Records one event into the App's logger, when there is one (a kit's step: a turn's, a
 * reflection's). A logger that throws never fails the caller, and an async one's rejection is
 * handled (it would otherwise end the process): the event is simply not recorded.
 */
export function recordBestEffort(logger: SubFlowLog | undefined, type: string, data: JsonObject): void {
  if (logger === undefined) return;
  try {
    // Typed to return nothing; a promise it returns anyway is handled.
    const result = (logger as { record(type: string, data: JsonObject): unknown }).record(type, data);
    if (isPromiseLike(result)) result.then(undefined, ignore);
  } catch {
    ignore();
  }
}
