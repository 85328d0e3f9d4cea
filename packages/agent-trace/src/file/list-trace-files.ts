import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { storeFileProblem } from './assert-store-file.js';
import { fileSystemErrorCode } from './file-system-error-code.js';
import { traceFileName, traceIdFromFileName } from './trace-file-name.js';

/** One trace file found in the store's directory. */
export interface TraceFileInfo {
  readonly traceId: string;
  readonly bytes: number;
  /** Last modification (last append), in ms since the epoch. */
  readonly modifiedMs: number;
}

/** The ids of the traces whose file names are in `directory` (names the store does not write are left out); none when it does not exist. */
export async function traceIdsIn(directory: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if (fileSystemErrorCode(error) === 'ENOENT') return [];
    throw error;
  }
  return names.map(traceIdFromFileName).filter((traceId) => traceId !== undefined);
}

/**
 * The trace file of `traceId` in `directory`, described by `lstat` (never followed); `undefined`
 * when it is gone or is not a file the store could have created (a symbolic link, hard link,
 * directory, device, another user's file).
 */
export async function statTraceFile(directory: string, traceId: string): Promise<TraceFileInfo | undefined> {
  try {
    const info = await lstat(join(directory, traceFileName(traceId)));
    return storeFileProblem(info) === undefined ? { traceId, bytes: info.size, modifiedMs: info.mtimeMs } : undefined;
  } catch (error) {
    if (fileSystemErrorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** The trace files of `directory` (see {@link statTraceFile}), oldest (least recently written) first. */
export async function listTraceFiles(directory: string): Promise<TraceFileInfo[]> {
  const files: TraceFileInfo[] = [];
  for (const traceId of await traceIdsIn(directory)) {
    const info = await statTraceFile(directory, traceId);
    if (info !== undefined) files.push(info);
  }
  return files.sort((a, b) => a.modifiedMs - b.modifiedMs || (a.traceId < b.traceId ? -1 : 1));
}
