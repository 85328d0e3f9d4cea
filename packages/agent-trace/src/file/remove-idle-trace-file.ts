import { unlinkSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { logFailure } from '../errors.js';
import { storeFileProblem } from './assert-store-file.js';
import { fileSystemErrorCode } from './file-system-error-code.js';
import { statPath, type FileOperations } from './file-operation.js';
import type { TraceFileInfo } from './list-trace-files.js';
import type { TraceWriter } from './trace-writer.js';

/**
 * Deletes the trace file of `writer` if it is still as `listed` (the size and modification time
 * the retention rules judged), still a file the store could have created (never a link), and no
 * records are waiting in its queue; true when the file is gone. A file written since it was
 * listed — records that were queued when the prune was asked for are written before this runs —
 * is kept. Run it through `writer.exclusive` so no append of this store is in progress; the
 * trace's lock keeps other processes' appends out too. The writer then forgets its sequence
 * number: later records start a new file at seq 0.
 */
export async function removeIdleTraceFile(writer: TraceWriter, listed: Pick<TraceFileInfo, 'bytes' | 'modifiedMs'>): Promise<boolean> {
  if (writer.pendingRecords > 0) return false;
  let removed: boolean | undefined;
  try {
    removed = await writer.withLock(function* (): FileOperations<boolean, FileHandle> {
      let now;
      try {
        now = yield* statPath<FileHandle>(writer.filePath);
      } catch (error) {
        if (fileSystemErrorCode(error) === 'ENOENT') return true;
        throw error;
      }
      if (storeFileProblem(now) !== undefined || now.size !== listed.bytes || now.mtimeMs !== listed.modifiedMs) return false;
      // Synchronous, like every change of names: an exit in the middle never leaves it pending.
      unlinkSync(writer.filePath);
      return true;
    });
  } catch (error) {
    if (fileSystemErrorCode(error) !== 'ENOENT') {
      throw logFailure(error, `could not delete trace "${writer.traceId}"`, { traceId: writer.traceId });
    }
    removed = true;
  }
  if (removed === false) return false;
  writer.forgetSequence();
  return true;
}
