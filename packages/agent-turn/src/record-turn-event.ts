import type { JsonObject, SubFlowLog } from '@jangts/agent-types';

function ignore(): void {
  // Recording is best effort: the turn's outcome never depends on it.
}

/**
 * Records one turn event into the App's logger, when there is one. A logger that throws (or an
 * async one that rejects) never fails the turn: the event is simply not recorded.
 */
export function recordTurnEvent(logger: SubFlowLog | undefined, type: string, data: JsonObject): void {
  if (logger === undefined) return;
  try {
    const result = (logger as { record(type: string, data: JsonObject): unknown }).record(type, data);
    if (typeof result === 'object' && result !== null && typeof (result as { then?: unknown }).then === 'function') (result as PromiseLike<unknown>).then(undefined, ignore);
  } catch {
    ignore();
  }
}
