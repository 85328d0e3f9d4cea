import { randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** Who holds a trace lock: written into the lock file, judged by other processes. */
export interface LockOwner {
  readonly pid: number;
  /** The host name, and on Linux the PID namespace: pids are only comparable within one. */
  readonly host: string;
  /** Random per store, so two stores of one process (worker threads) never take each other's lock for their own. */
  readonly token: string;
}

let processHost: string | undefined;

/** A fresh owner identity for one store of this process. */
export function createLockOwner(): LockOwner {
  processHost ??= describeHost();
  return { pid: process.pid, host: processHost, token: randomBytes(9).toString('base64url') };
}

/** Reads an owner back from a lock file's text; `undefined` when it is not one (empty, torn, foreign). */
export function parseLockOwner(text: string): LockOwner | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { pid, host, token } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return undefined;
    if (typeof host !== 'string' || typeof token !== 'string') return undefined;
    return { pid, host, token };
  } catch {
    return undefined;
  }
}

/** True unless the operating system says no process has `pid` (`ESRCH`); a process of another user (`EPERM`) is alive. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code !== 'ESRCH';
  }
}

function describeHost(): string {
  let namespace = '';
  try {
    namespace = readlinkSync('/proc/self/ns/pid');
  } catch {
    // Not Linux (or no /proc): the host name alone.
  }
  return namespace === '' ? hostname() : `${hostname()} ${namespace}`;
}
