import { fileSystemErrorCode } from './file-system-error-code.js';
import { makeDirectory, realPathOf, type FileOperations } from './file-operation.js';
import { traceFileRefused } from '../errors.js';

/**
 * Checks that the store's directory is still reached without a symbolic link: its real path is
 * the one resolved when the store was created. With `create`, a missing directory is made first
 * (then checked); without, a missing directory yields `false`. Throws the `LOG_FAILED` refusal
 * (naming `traceId`, when given) otherwise: the directory, or one above it, was replaced by a link.
 */
export function* checkTraceDirectory<TFile>(directory: string, traceId: string | undefined, create: boolean): FileOperations<boolean, TFile> {
  let real: string;
  try {
    real = yield* realPathOf(directory);
  } catch (error) {
    if (fileSystemErrorCode(error) !== 'ENOENT') throw error;
    if (!create) return false;
    yield* makeDirectory(directory);
    real = yield* realPathOf(directory);
  }
  if (real !== directory) throw traceFileRefused(traceId, directory, `now leads to ${real} (a symbolic link)`);
  return true;
}
