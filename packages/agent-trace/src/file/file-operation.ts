import type { Stats } from 'node:fs';

/**
 * One file-system step of a store protocol (appending a batch, reading a tail, opening a trace
 * file), yielded by the protocol and carried out by a driver: `runFileOperations` (asynchronous,
 * files are `FileHandle`s) or `runFileOperationsSync` (synchronous, files are descriptors, for the
 * exit hook). So every protocol is written once and behaves the same in both.
 *
 * `truncate` is carried out synchronously by both drivers: a process that exits while it is
 * pending could otherwise cut off records written after it.
 */
export type FileOperation<TFile> =
  | { readonly kind: 'realpath'; readonly path: string }
  | { readonly kind: 'mkdir'; readonly path: string }
  | { readonly kind: 'open'; readonly path: string; readonly flags: number }
  | { readonly kind: 'fstat'; readonly file: TFile }
  | { readonly kind: 'lstat'; readonly path: string }
  | { readonly kind: 'read'; readonly file: TFile; readonly buffer: Buffer; readonly length: number; readonly position: number }
  | { readonly kind: 'write'; readonly file: TFile; readonly buffer: Buffer; readonly offset: number }
  | { readonly kind: 'truncate'; readonly file: TFile; readonly length: number }
  | { readonly kind: 'close'; readonly file: TFile }
  | { readonly kind: 'sleep'; readonly milliseconds: number };

/** A protocol: a generator of {@link FileOperation}s returning `TResult`; each yield receives that step's result. */
export type FileOperations<TResult, TFile> = Generator<FileOperation<TFile>, TResult, unknown>;

/** The real path of `path` (symbolic links resolved by the operating system). */
export function* realPathOf<TFile>(path: string): FileOperations<string, TFile> {
  return (yield { kind: 'realpath', path }) as string;
}

/** Creates `path` and any missing parent (no error when it exists). */
export function* makeDirectory<TFile>(path: string): FileOperations<void, TFile> {
  yield { kind: 'mkdir', path };
}

/** Opens `path` with numeric `flags` (`fs.constants`); new files get mode `0o666` less the umask. */
export function* openFile<TFile>(path: string, flags: number): FileOperations<TFile, TFile> {
  return (yield { kind: 'open', path, flags }) as TFile;
}

/** `fstat` of an open file. */
export function* statOpenFile<TFile>(file: TFile): FileOperations<Stats, TFile> {
  return (yield { kind: 'fstat', file }) as Stats;
}

/** `lstat` of a path: a symbolic link is described, not followed. */
export function* statPath<TFile>(path: string): FileOperations<Stats, TFile> {
  return (yield { kind: 'lstat', path }) as Stats;
}

/** Reads up to `length` bytes at `position` into the start of `buffer`; resolves with the bytes read. */
export function* readAt<TFile>(file: TFile, buffer: Buffer, length: number, position: number): FileOperations<number, TFile> {
  return (yield { kind: 'read', file, buffer, length, position }) as number;
}

/** One `write` of `buffer` from `offset` at the end of a file opened for appending; resolves with the bytes written. */
export function* writeOnce<TFile>(file: TFile, buffer: Buffer, offset: number): FileOperations<number, TFile> {
  return (yield { kind: 'write', file, buffer, offset }) as number;
}

/** Cuts an open file to `length` bytes (synchronously in both drivers). */
export function* truncateFile<TFile>(file: TFile, length: number): FileOperations<void, TFile> {
  yield { kind: 'truncate', file, length };
}

/** Closes an open file. */
export function* closeFile<TFile>(file: TFile): FileOperations<void, TFile> {
  yield { kind: 'close', file };
}

/** Waits `milliseconds` (the synchronous driver blocks the thread). */
export function* sleep<TFile>(milliseconds: number): FileOperations<void, TFile> {
  yield { kind: 'sleep', milliseconds };
}
