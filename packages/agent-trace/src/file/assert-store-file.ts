import type { Stats } from 'node:fs';
import { traceFileRefused } from '../errors.js';

/** Why `stats` cannot be a file the store created, or `undefined` when it can be. */
export function storeFileProblem(stats: Stats): string | undefined {
  if (stats.isSymbolicLink()) return 'is a symbolic link';
  if (stats.isDirectory()) return 'is a directory';
  if (!stats.isFile()) return 'is not a regular file (a device, FIFO or socket)';
  // A second name means a hard link: the same file is reachable from outside the directory.
  if (stats.nlink !== 1) return `has ${stats.nlink} hard links`;
  const user = process.geteuid?.();
  if (user !== undefined && stats.uid !== user) return `belongs to user ${stats.uid}, not to this process (user ${user})`;
  return undefined;
}

/**
 * Throws the `LOG_FAILED` refusal naming `traceId` unless `stats` (of `path`, not followed)
 * describes a file the store could have created: a regular file with one link, owned by the
 * effective user of the process (where the platform has one).
 */
export function assertStoreFile(stats: Stats, traceId: string, path: string): void {
  const problem = storeFileProblem(stats);
  if (problem !== undefined) throw traceFileRefused(traceId, path, problem);
}
