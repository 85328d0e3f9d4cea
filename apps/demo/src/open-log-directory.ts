import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The log store's directory for one run, and how to let go of it. */
export interface LogDirectory {
  readonly path: string;
  /** True for the default temporary directory, which `release()` removes. */
  readonly temporary: boolean;
  release(): Promise<void>;
}

/**
 * `--log-dir DIR` as given (the store creates it on first write and the trace stays there), or a
 * fresh temporary directory that is removed when the run ends.
 */
export async function openLogDirectory(requested: string | undefined): Promise<LogDirectory> {
  if (requested !== undefined) return { path: resolve(requested), temporary: false, release: async () => {} };
  const path = await mkdtemp(join(tmpdir(), 'agent-demo-'));
  return { path, temporary: true, release: () => rm(path, { recursive: true, force: true }) };
}
