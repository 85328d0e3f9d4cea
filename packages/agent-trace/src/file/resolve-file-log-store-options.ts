import { statSync } from 'node:fs';
import { AgentCoreError } from '@jangts/agent-types';
import { detailValue, truncateText } from '@jangts/agent-types/internal';
import { MAX_LINE_BYTES } from './read-limits.js';
import { resolveStoreDirectory } from './resolve-store-directory.js';
import { readingGuarded } from './reading-guarded.js';

/** Options of a store with defaults applied and `directory` made absolute, its symbolic links resolved (`resolveStoreDirectory`). */
export interface ResolvedFileLogStoreOptions {
  readonly directory: string;
  readonly maxRecordBytes: number;
  readonly maxQueuedBytes: number;
  readonly maxScanBytesPerPage: number;
  readonly onError: ((error: AgentCoreError) => void) | undefined;
}

const KNOWN_OPTIONS = new Set(['directory', 'maxRecordBytes', 'maxQueuedBytes', 'maxScanBytesPerPage', 'onError']);

/** Validates the options of `createFileLogStore`, throwing `CONFIG_INVALID` naming the option and its range. */
export function resolveFileLogStoreOptions(options: unknown): ResolvedFileLogStoreOptions {
  return readingGuarded('CONFIG_INVALID', 'options', () => resolveOptions(options));
}

function resolveOptions(options: unknown): ResolvedFileLogStoreOptions {
  if (typeof options !== 'object' || options === null) throw invalid('options', 'must be an object');
  for (const key of Object.keys(options)) {
    if (!KNOWN_OPTIONS.has(key)) throw invalid(truncateText(key, 60), 'is not an option of createFileLogStore');
  }
  const { directory, maxRecordBytes, maxQueuedBytes, maxScanBytesPerPage, onError } = options as Record<string, unknown>;
  if (typeof directory !== 'string' || directory.length === 0 || directory.includes('\0')) {
    throw invalid('directory', 'must be a non-empty path without NUL');
  }
  const resolved = resolveStoreDirectory(directory);
  assertUsableDirectory(resolved);
  if (onError !== undefined && typeof onError !== 'function') throw invalid('onError', 'must be a function');
  const recordBytes = integerIn('maxRecordBytes', maxRecordBytes, 256, MAX_LINE_BYTES, 64 * 1024);
  return {
    directory: resolved,
    maxRecordBytes: recordBytes,
    maxQueuedBytes: integerIn('maxQueuedBytes', maxQueuedBytes, recordBytes, Number.MAX_SAFE_INTEGER, 64 * 1024 * 1024),
    maxScanBytesPerPage: integerIn('maxScanBytesPerPage', maxScanBytesPerPage, 64 * 1024, 1024 ** 3, 8 * 1024 * 1024),
    onError: onError as ResolvedFileLogStoreOptions['onError'],
  };
}

function integerIn(field: string, value: unknown, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new AgentCoreError('CONFIG_INVALID', `${field} must be an integer from ${min} to ${max}`, {
      details: { field, min, max, minimum: min, limit: max, actual: detailValue(value) },
    });
  }
  return value;
}

function invalid(field: string, problem: string): AgentCoreError {
  return new AgentCoreError('CONFIG_INVALID', `${field} ${problem}`, { details: { field } });
}

/** A directory that exists must be one (it is created at the first append when it does not). */
function assertUsableDirectory(directory: string): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(directory).isDirectory();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') return;
    if (code === 'ENOTDIR') throw invalid('directory', 'is under a file, not a directory');
    return; // another stat failure (permissions, …) surfaces at the first append, reported there
  }
  if (!isDirectory) throw invalid('directory', 'is a file, not a directory');
}
