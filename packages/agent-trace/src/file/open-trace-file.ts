import { constants, type Stats } from 'node:fs';
import { assertStoreFile } from './assert-store-file.js';
import { fileSystemErrorCode } from './file-system-error-code.js';
import { closeFile, openFile, statOpenFile, statPath, type FileOperations } from './file-operation.js';
import { traceFileRefused } from '../errors.js';

/** `0` where the platform lacks the flag (Windows): the `lstat` after opening still catches a link there. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
/** Opening a FIFO returns at once instead of waiting for its other end; regular files are unaffected. */
const NO_BLOCK = constants.O_NONBLOCK ?? 0;

/** Appending: create when missing, never follow a link at the last component. */
export const APPEND_FLAGS = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW | NO_BLOCK;
/** Reading: never follow a link at the last component, never wait on a FIFO. */
export const READ_FLAGS = constants.O_RDONLY | NO_FOLLOW | NO_BLOCK;

/** An open trace file and its `fstat`, proven to be the file its path names. */
export interface OpenedTraceFile<TFile> {
  readonly file: TFile;
  readonly stats: Stats;
}

/**
 * Opens the trace file at `path` without following a symbolic link (`O_NOFOLLOW`), then proves
 * on the open file that it is one the store could have created (see `assertStoreFile`) and,
 * with an `lstat` of the path, that the path still names that very file and is no link (a
 * rename race, and platforms without `O_NOFOLLOW`). Anything else is the `LOG_FAILED` refusal
 * naming `traceId`, and the file is closed. A missing file (or directory) throws the `ENOENT` error.
 */
export function* openTraceFile<TFile>(path: string, traceId: string, flags: number): FileOperations<OpenedTraceFile<TFile>, TFile> {
  let file: TFile;
  try {
    file = yield* openFile<TFile>(path, flags);
  } catch (error) {
    const code = fileSystemErrorCode(error);
    // ELOOP on Linux and macOS, EMLINK on FreeBSD: the last component is a symbolic link.
    if (code === 'ELOOP' || code === 'EMLINK') throw traceFileRefused(traceId, path, 'is a symbolic link');
    if (code === 'EISDIR') throw traceFileRefused(traceId, path, 'is a directory');
    if (code === 'ENXIO') throw traceFileRefused(traceId, path, 'is not a regular file (a device, FIFO or socket)');
    throw error;
  }
  try {
    const stats = yield* statOpenFile(file);
    assertStoreFile(stats, traceId, path);
    const named = yield* statPath<TFile>(path);
    if (named.isSymbolicLink()) throw traceFileRefused(traceId, path, 'is a symbolic link');
    if (named.dev !== stats.dev || named.ino !== stats.ino) throw traceFileRefused(traceId, path, 'was replaced while it was opened');
    return { file, stats };
  } catch (error) {
    try {
      yield* closeFile(file);
    } catch {
      // The refusal (or the failure to check) is what the caller must hear about.
    }
    throw error;
  }
}
