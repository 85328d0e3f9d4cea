import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createFileLogStore } from '../create-file-log-store.js';
import type { FileLogStore } from '../file-log-store.js';
import type { FileLogStoreOptions } from '../file-log-store-options.js';

/** Temporary directories and file log stores of one test file (see {@link useTemporaryLogStores}). */
export interface TemporaryLogStores {
  /** Creates a fresh empty directory under the OS temp directory. */
  readonly temporaryDirectory: () => Promise<string>;
  /** Opens a store over `directory`. */
  readonly storeIn: (directory: string, options?: Omit<FileLogStoreOptions, 'directory'>) => FileLogStore;
  /** Opens a store over a fresh directory. */
  readonly temporaryStore: (options?: Omit<FileLogStoreOptions, 'directory'>) => Promise<FileLogStore>;
}

/**
 * Gives the calling test file temporary directories (named `<prefix>` plus a random suffix) and
 * log stores over them. After each test every store is closed (failures ignored), then every
 * directory removed.
 */
export function useTemporaryLogStores(prefix: string): TemporaryLogStores {
  const directories: string[] = [];
  const stores: FileLogStore[] = [];
  afterEach(async () => {
    await Promise.allSettled(stores.splice(0).map((store) => store.close()));
    await Promise.all(directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
  });
  const temporaryDirectory = async (): Promise<string> => {
    const directory = await mkdtemp(join(tmpdir(), prefix));
    directories.push(directory);
    return directory;
  };
  const storeIn = (directory: string, options: Omit<FileLogStoreOptions, 'directory'> = {}): FileLogStore => {
    const store = createFileLogStore({ directory, ...options });
    stores.push(store);
    return store;
  };
  return {
    temporaryDirectory,
    storeIn,
    temporaryStore: async (options) => storeIn(await temporaryDirectory(), options),
  };
}
