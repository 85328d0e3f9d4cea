import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { directoryError } from '../errors.js';
import { fileSystemErrorCode } from './file-system-error-code.js';

/**
 * The absolute real path of the directory the App gave, resolved once when the store is
 * created: symbolic links on the way are the App's choice and are followed this once. A
 * directory that does not exist yet is its deepest existing parent's real path plus the missing
 * names. From then on the store only uses this path and refuses it when it no longer is the real
 * path (a component was replaced by a link). A path that cannot be resolved (permissions) is
 * returned as given, made absolute; the first append reports why. A path that exists and is not
 * a directory, or lies under a file, is `CONFIG_INVALID` (field `directory`).
 */
export function resolveStoreDirectory(directory: string): string {
  const resolved = realDirectoryPath(directory);
  assertUsableDirectory(resolved);
  return resolved;
}

function realDirectoryPath(directory: string): string {
  const absolute = resolve(directory);
  const missing: string[] = [];
  for (let existing = absolute; ; ) {
    try {
      return join(realpathSync.native(existing), ...missing);
    } catch (error) {
      const parent = dirname(existing);
      if (fileSystemErrorCode(error) !== 'ENOENT' || parent === existing) return absolute;
      missing.unshift(basename(existing));
      existing = parent;
    }
  }
}

/** A directory that exists must be one (it is created at the first append when it does not). */
function assertUsableDirectory(directory: string): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(directory).isDirectory();
  } catch (error) {
    const code = fileSystemErrorCode(error);
    if (code === 'ENOTDIR') throw directoryError('directory', 'is under a file, not a directory');
    // Missing: created at the first append. Another failure (permissions, …) surfaces there too.
    return;
  }
  if (!isDirectory) throw directoryError('directory', 'is a file, not a directory');
}
