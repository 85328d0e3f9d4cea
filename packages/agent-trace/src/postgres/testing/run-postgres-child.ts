import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What one child of {@link runPostgresChild} does (see `postgres-store-child-process.ts`). */
export interface PostgresChildCommand {
  readonly url: string;
  readonly table: string;
  readonly traceId: string;
  /** Root flow name and the `writer` field of every record. */
  readonly writer: string;
  /** `step` records to write (the flow starts come on top). */
  readonly records: number;
  /** Flows to spread the records over, round robin: the root and `flows - 1` children. Default 1. */
  readonly flows?: number;
  /** Yield to the event loop after every this many records (default 25), so batches interleave. */
  readonly yieldEvery?: number;
  /** Records recorded after a `flush()` of the first `records`, in `crash` mode. */
  readonly unflushed?: number;
  /** `append`: record, close; `crash`: flush the `records`, record `unflushed` more, and die by `SIGKILL`. */
  readonly mode: 'append' | 'crash';
}

/** What a child printed and how it ended. */
export interface PostgresChildResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

const script = fileURLToPath(new URL('./postgres-store-child-process.ts', import.meta.url));

/** Runs `postgres-store-child-process.ts` on the sources (tsx and the `@jangts/source` condition) as a real child process. */
export function runPostgresChild(command: PostgresChildCommand): Promise<PostgresChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=@jangts/source', '--import', 'tsx', script, JSON.stringify(command)], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      resolve({ code, signal, stdout, stderr });
    });
  });
}
