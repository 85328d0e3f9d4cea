import { realpathSync } from 'node:fs';
import { directoryError } from '../errors.js';

/** Shared by every copy of the library loaded in this process (ESM and CJS alike). */
const CLAIMS = Symbol.for('@jangts/agent-trace.file-log-store.directories');

type ClaimHolder = { [CLAIMS]?: Set<string> };

/**
 * Claims `directory` for one open store, so no two stores of this process append to the same
 * trace files. Throws `CONFIG_INVALID` when another open store holds it; returns the release.
 */
export function claimDirectory(directory: string): () => void {
  const holder = globalThis as ClaimHolder;
  const claims = (holder[CLAIMS] ??= new Set<string>());
  // The real path, so a symbolic link to a held directory is the same directory.
  const key = realPath(directory);
  if (claims.has(key)) {
    throw directoryError('held', `is already used by an open file log store of this process ("${directory}"); close it first`);
  }
  claims.add(key);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    claims.delete(key);
  };
}

/** `directory` with symbolic links resolved; as given when it does not exist (yet). */
function realPath(directory: string): string {
  try {
    return realpathSync(directory);
  } catch {
    return directory;
  }
}
