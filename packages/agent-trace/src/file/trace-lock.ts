import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, linkSync, lstatSync, openSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { lockWaitError, traceFileRefused } from '../errors.js';
import { fileSystemErrorCode } from './file-system-error-code.js';
import { sleep, type FileOperations } from './file-operation.js';
import { isProcessAlive, parseLockOwner, type LockOwner } from './lock-owner.js';

/**
 * A lock older than this is broken whoever holds it: its holder may be a process on another
 * host, or a dead one whose pid was reused. A batch holds the lock for milliseconds.
 */
export const STALE_LOCK_MS = 30_000;

/** Longest pause between two tries while another process holds the lock. */
const MAX_PAUSE_MS = 16;

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NO_BLOCK = constants.O_NONBLOCK ?? 0;

/** A trace lock this store holds: its path and the identity of the lock file it created. */
export interface HeldTraceLock {
  readonly path: string;
  readonly dev: number;
  readonly ino: number;
}

/** What {@link acquireTraceLock} needs. */
export interface TraceLockRequest {
  /** `<trace file>.lock`, beside the trace file. */
  readonly path: string;
  readonly traceId: string;
  readonly owner: LockOwner;
  /** Give up with `LOG_FAILED` after waiting this long (the exit hook); wait as long as it takes otherwise. */
  readonly waitLimitMs?: number | undefined;
}

interface SeenLock {
  readonly dev: number;
  readonly ino: number;
  readonly modifiedMs: number;
  /** `undefined`: empty or not written by a store. */
  readonly owner: LockOwner | undefined;
}

/** The lock file of the trace file at `traceFilePath`. Its name never looks like a trace file. */
export function traceLockPath(traceFilePath: string): string {
  return `${traceFilePath}.lock`;
}

/**
 * Takes the cross-process lock of one trace: creates `<trace file>.lock` with `O_EXCL`, holding
 * the owner's pid, host and token. While another holder's lock stands, waits (1 to 16 ms
 * between tries). A lock is stale, and broken (renamed aside, checked to be the one judged, then
 * deleted), when its holder on this host is no longer alive, when it is this store's own (an
 * earlier hold that was never released), or when it is older than {@link STALE_LOCK_MS}.
 * Something at the lock path that is not a regular file is refused (`LOG_FAILED` naming the trace).
 *
 * Creating, judging, breaking and releasing a lock are synchronous calls (microseconds): so a
 * process that exits in the middle of an append always knows whether it holds the lock.
 */
export function* acquireTraceLock<TFile>(request: TraceLockRequest): FileOperations<HeldTraceLock, TFile> {
  const { path, traceId, owner, waitLimitMs } = request;
  const started = Date.now();
  let pause = 1;
  for (;;) {
    const held = tryCreateLock(path, owner);
    if (held !== undefined) return held;
    const seen = inspectLock(path, traceId);
    if (seen === undefined) continue; // released meanwhile
    if (isStale(seen, owner, Date.now())) {
      breakLock(path, seen);
      continue;
    }
    if (waitLimitMs !== undefined && Date.now() - started >= waitLimitMs) {
      throw lockWaitError(traceId, path, waitLimitMs);
    }
    yield* sleep<TFile>(pause * (1 + Math.random()));
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  }
}

/** Deletes the lock file when it is still the one `lock` created (a lock broken as stale is somebody else's now). Never throws. */
export function releaseTraceLock(lock: HeldTraceLock): void {
  try {
    const now = lstatSync(lock.path);
    if (now.dev === lock.dev && now.ino === lock.ino) unlinkSync(lock.path);
  } catch {
    // Gone already, or not removable: this store's next hold breaks its own leftover lock.
  }
}

function tryCreateLock(path: string, owner: LockOwner): HeldTraceLock | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o644);
  } catch (error) {
    if (fileSystemErrorCode(error) === 'EEXIST') return undefined;
    throw error;
  }
  try {
    writeSync(descriptor, JSON.stringify(owner));
    const { dev, ino } = fstatSync(descriptor);
    return { path, dev, ino };
  } catch (error) {
    unlinkQuietly(path);
    throw error;
  } finally {
    closeSync(descriptor);
  }
}

function inspectLock(path: string, traceId: string): SeenLock | undefined {
  try {
    const stats = lstatSync(path);
    if (!stats.isFile()) throw traceFileRefused(traceId, path, 'is not a lock file of the store (a link, directory or device)');
    const descriptor = openSync(path, constants.O_RDONLY | NO_FOLLOW | NO_BLOCK);
    try {
      const opened = fstatSync(descriptor);
      if (opened.dev !== stats.dev || opened.ino !== stats.ino) return undefined; // replaced meanwhile: look again
      const buffer = Buffer.alloc(512);
      const bytes = readSync(descriptor, buffer, 0, buffer.length, 0);
      return { dev: stats.dev, ino: stats.ino, modifiedMs: stats.mtimeMs, owner: parseLockOwner(buffer.toString('utf8', 0, bytes)) };
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    const code = fileSystemErrorCode(error);
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP' || code === 'EMLINK') throw traceFileRefused(traceId, path, 'is a symbolic link');
    throw error;
  }
}

function isStale(seen: SeenLock, owner: LockOwner, now: number): boolean {
  if (now - seen.modifiedMs > STALE_LOCK_MS) return true;
  const holder = seen.owner;
  // Empty (its holder is writing it, or died right after creating it) or foreign: its age decides.
  if (holder === undefined || holder.host !== owner.host) return false;
  if (holder.pid === owner.pid) return holder.token === owner.token;
  return !isProcessAlive(holder.pid);
}

/** Renames the stale lock aside, so two processes breaking it at once cannot delete a fresh lock; then deletes it. */
function breakLock(path: string, seen: SeenLock): void {
  const aside = `${path}.${randomBytes(6).toString('base64url')}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (fileSystemErrorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = lstatSync(aside);
  if (moved.dev !== seen.dev || moved.ino !== seen.ino) {
    // Another process broke it first and took the lock in between: put its lock back.
    try {
      linkSync(aside, path);
    } catch {
      // A third one took the lock meanwhile; the moved lock's holder will not find it to release.
    }
  }
  unlinkQuietly(aside);
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Nothing to undo.
  }
}
