import type { LogPruneOptions } from './log-prune-options.js';
import type { LogPruneResult } from './trace-store.js';

/** One trace as a store's retention sees it. */
export interface StoredTrace {
  readonly traceId: string;
  /** Its size, as the store counts it. */
  readonly bytes: number;
  /** When it was last written, in ms since the epoch. */
  readonly modifiedMs: number;
}

/**
 * Applies the retention rules to `traces` (least recently written first): every trace older than
 * `olderThanMs` goes, then the least recently written until the total is at most `maxTotalBytes`.
 * A trace `remove` keeps (records waiting, or written since it was listed) is reported as skipped
 * and still counts toward the total.
 */
export async function pruneTraces<TTrace extends StoredTrace>(
  traces: readonly TTrace[],
  options: LogPruneOptions,
  now: number,
  remove: (trace: TTrace) => Promise<boolean>,
): Promise<LogPruneResult> {
  const deleted: string[] = [];
  const skipped: string[] = [];
  let remainingBytes = traces.reduce((total, trace) => total + trace.bytes, 0);
  let deletedBytes = 0;
  for (const trace of traces) {
    const tooOld = options.olderThanMs !== undefined && trace.modifiedMs < now - options.olderThanMs;
    const overSize = options.maxTotalBytes !== undefined && remainingBytes > options.maxTotalBytes;
    if (!tooOld && !overSize) continue;
    if (await remove(trace)) {
      deleted.push(trace.traceId);
      remainingBytes -= trace.bytes;
      deletedBytes += trace.bytes;
    } else {
      skipped.push(trace.traceId);
    }
  }
  return { deleted, skipped, deletedBytes, remainingBytes };
}
