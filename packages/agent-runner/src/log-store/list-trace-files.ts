import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isMissingFileError } from './is-missing-file-error.js';
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
 * directory does not exist. Entries whose name is not one the store writes are left out.
 */
export async function listTraceFiles(directory: string): Promise<TraceFileInfo[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if (isMissingFileError(error)) return [];
    throw error;
  }
  const files: TraceFileInfo[] = [];
  for (const name of names) {
    const traceId = traceIdFromFileName(name);
    if (traceId === undefined) continue;
    try {
      const info = await stat(join(directory, name));
      if (info.isFile()) files.push({ traceId, bytes: info.size, modifiedMs: info.mtimeMs });
    } catch (error) {
      if (!isMissingFileError(error)) throw error;
    }
  }
  return files.sort((a, b) => a.modifiedMs - b.modifiedMs || (a.traceId < b.traceId ? -1 : 1));
}
