import { unlink } from 'node:fs/promises';
import { isMissingFileError } from './is-missing-file-error.js';
import { toLogFailure } from './to-log-failure.js';
import type { TraceWriter } from './trace-writer.js';

/**
 * Deletes the trace file of `writer` unless records are waiting in its queue; true when the
 * file is gone. Run it through `writer.exclusive` so no append is in progress. The writer then
 * forgets its sequence number: later records start a new file at seq 0.
 */
export async function removeIdleTraceFile(writer: TraceWriter): Promise<boolean> {
  if (writer.pendingRecords > 0) return false;
  try {
    await unlink(writer.filePath);
  } catch (error) {
    if (!isMissingFileError(error)) {
      throw toLogFailure(error, `could not delete trace "${writer.traceId}"`, { traceId: writer.traceId });
    }
  }
  writer.forgetSequence();
  return true;
}
