import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { storeFileProblem } from './assert-store-file.js';
import { fileSystemErrorCode } from './file-system-error-code.js';
import { traceIdFromFileName } from './trace-file-name.js';

/** One trace file found in the store's directory. */
export interface TraceFileInfo {
  readonly traceId: string;
  readonly bytes: number;
  /** Last modification (last append), in ms since the epoch. */
  readonly modifiedMs: number;
}

/**
 * The trace files of `directory`, oldest (least recently written) first; none when the
 * directory does not exist. Entries whose name is not one the store writes, and entries that
 * are not files the store could have created (symbolic links, hard links, directories, devices,
 * other users' files), are left out: described by `lstat`, never followed.
 */
export async function listTraceFiles(directory: string): Promise<TraceFileInfo[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if (fileSystemErrorCode(error) === 'ENOENT') return [];
    throw error;
  }
  const files: TraceFileInfo[] = [];
  for (const name of names) {
    const traceId = traceIdFromFileName(name);
    if (traceId === undefined) continue;
    try {
      const info = await lstat(join(directory, name));
      if (storeFileProblem(info) === undefined) files.push({ traceId, bytes: info.size, modifiedMs: info.mtimeMs });
    } catch (error) {
      if (fileSystemErrorCode(error) !== 'ENOENT') throw error;
    }
  }
  return files.sort((a, b) => a.modifiedMs - b.modifiedMs || (a.traceId < b.traceId ? -1 : 1));
}
