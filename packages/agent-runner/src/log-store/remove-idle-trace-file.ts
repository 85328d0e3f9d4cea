import { stat, unlink } from 'node:fs/promises';
import { isMissingFileError } from './is-missing-file-error.js';
import type { TraceFileInfo } from './list-trace-files.js';
import { toLogFailure } from './to-log-failure.js';
import type { TraceWriter } from './trace-writer.js';

/**
 * Deletes the trace file of `writer` if it is still as `listed` (the size and modification time
 * the retention rules judged) and no records are waiting in its queue; true when the file is
 * gone. A file written since it was listed — records that were queued when the prune was asked
 * for are written before this runs — is kept. Run it through `writer.exclusive` so no append is
 * in progress. The writer then forgets its sequence number: later records start a new file at
 * seq 0.
 */
export async function removeIdleTraceFile(writer: TraceWriter, listed: Pick<TraceFileInfo, 'bytes' | 'modifiedMs'>): Promise<boolean> {
  if (writer.pendingRecords > 0) return false;
  try {
    const now = await stat(writer.filePath);
    if (now.size !== listed.bytes || now.mtimeMs !== listed.modifiedMs) return false;
    await unlink(writer.filePath);
  } catch (error) {
    if (!isMissingFileError(error)) {
      throw toLogFailure(error, `could not delete trace "${writer.traceId}"`, { traceId: writer.traceId });
    }
  }
  writer.forgetSequence();
  return true;
}
