import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What one child of {@link runLogStoreChild} does (see `log-store-child-process.ts`). */
export interface LogStoreChildCommand {
  readonly directory: string;
  readonly traceId: string;
  /** Root flow name and the `writer` field of every record. */
  readonly writer: string;
  /** `step` records to write (the flow starts come on top). */
  readonly records: number;
  /** Flows to spread the records over, round robin: the root and `flows - 1` children. Default 1. */
  readonly flows?: number;
  /** Characters of padding in each record. */
  readonly payloadChars?: number;
  /** Records recorded after a `flush()` of the first `records`, in `crash` mode. */
  readonly unflushed?: number;
  /**
   * `append`: yield now and then, close; `exit`: `process.exit()` right after recording; `lossy`:
   * report the losses `close()` names; `crash`: flush the `records`, record `unflushed` more, and
   * kill itself with `SIGKILL` (no exit hook runs).
   */
  readonly mode: 'append' | 'exit' | 'lossy' | 'crash';
}

/** What a child printed and how it ended. */
export interface LogStoreChildResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const script = fileURLToPath(new URL('./log-store-child-process.ts', import.meta.url));

/**
 * Runs `log-store-child-process.ts` on the sources (tsx and the `@jangts/source` condition) as a
 * real child process. `fileSizeLimitBlocks` runs it under `ulimit -f` (512-byte blocks, POSIX
 * `sh`), so its writes past that size are cut short by the kernel: a real short write, then
 * `EFBIG` (Node ignores `SIGXFSZ`).
 */
export function runLogStoreChild(command: LogStoreChildCommand, fileSizeLimitBlocks?: number): Promise<LogStoreChildResult> {
  const node = [process.execPath, '--conditions=@jangts/source', '--import', 'tsx', script, JSON.stringify(command)];
  const [file, ...args] =
    fileSizeLimitBlocks === undefined ? node : ['/bin/sh', '-c', `ulimit -f ${fileSizeLimitBlocks} && exec "$0" "$@"`, ...node];
  return new Promise((resolve, reject) => {
    const child = spawn(file as string, args, { cwd: fileURLToPath(new URL('.', import.meta.url)), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}
