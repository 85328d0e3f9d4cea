import type { LogPruneOptions } from '../log-prune-options.js';
import type { LogPruneResult } from '../trace-store.js';
import type { TraceFileInfo } from './list-trace-files.js';

/** Deletes one trace's file unless it has records waiting or changed since it was listed; true when deleted. */
export type DeleteTraceFile = (file: TraceFileInfo) => Promise<boolean>;

/**
 * Applies the retention rules to `files` (oldest first): every file older than `olderThanMs`
 * goes, then the oldest until the total is at most `maxTotalBytes`. A file `remove` keeps
 * (records waiting, or written since it was listed) is reported as skipped and still counts
 * toward the total.
 */
export async function pruneTraceFiles(
  files: readonly TraceFileInfo[],
  options: LogPruneOptions,
  now: number,
  remove: DeleteTraceFile,
): Promise<LogPruneResult> {
  const deleted: string[] = [];
  const skipped: string[] = [];
  let remainingBytes = files.reduce((total, file) => total + file.bytes, 0);
  let deletedBytes = 0;
  for (const file of files) {
    const tooOld = options.olderThanMs !== undefined && file.modifiedMs < now - options.olderThanMs;
    const overSize = options.maxTotalBytes !== undefined && remainingBytes > options.maxTotalBytes;
    if (!tooOld && !overSize) continue;
    if (await remove(file)) {
      deleted.push(file.traceId);
      remainingBytes -= file.bytes;
      deletedBytes += file.bytes;
    } else {
      skipped.push(file.traceId);
    }
  }
  return { deleted, skipped, deletedBytes, remainingBytes };
}
