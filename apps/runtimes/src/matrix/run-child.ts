import { spawn } from 'node:child_process';

/** How a child process ended, with everything it printed. */
export interface ChildOutcome {
  /** Exit code, or `null` when a signal ended it. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Whether it was killed for running longer than its kill timeout. */
  readonly timedOut: boolean;
  /** Wall-clock time from spawn to exit, for the matrix's report (never asserted on). */
  readonly durationMs: number;
  /** Set when the command could not be started at all (`ENOENT`, …). */
  readonly spawnError?: string;
}

/** Options of {@link runChild}. */
export interface RunChildOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Kill the child's whole process group (`SIGKILL`) after this long; generous, never a test of speed. */
  readonly killAfterMs: number;
}

/**
 * Runs `command args` in its own process group and resolves when it ends, never rejects. After
 * `killAfterMs` the whole group is killed, so a runtime that hangs (or a browser it started in the
 * same group) never keeps the matrix waiting forever.
 */
export function runChild(command: string, args: readonly string[], options: RunChildOptions): Promise<ChildOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    let spawnError: string | undefined;
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const killTimer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, options.killAfterMs);
    child.on('error', (error) => {
      spawnError = error.message;
    });
    child.on('close', (code, signal) => {
      clearTimeout(killTimer);
      // Whatever the child left running in its group goes with it.
      killGroup(child.pid);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        timedOut,
        durationMs: performance.now() - started,
        ...(spawnError === undefined ? {} : { spawnError }),
      });
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}
