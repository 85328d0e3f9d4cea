import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The bench package's folder: children start there, so `tsx`, the peers and the library resolve as in the bench. */
export const BENCH_DIRECTORY = fileURLToPath(new URL('..', import.meta.url));

/**
 * Set by the smoke test: children load the workspace packages from their sources (the
 * `@jangts/source` export condition, as vitest does), so CI needs no build. Unset, children load
 * the built `dist/`, which is what users run.
 */
function fromSource(): boolean {
  return process.env.AGENT_BENCH_SOURCE === '1';
}

/** Node flags every child gets: the source condition (and tsx to load the sources) when the smoke test asks for it. */
function sourceFlags(): string[] {
  return fromSource() ? ['--import', 'tsx', '--conditions=@jangts/source'] : [];
}

/**
 * Runs `node <nodeArgs> <args>` in a fresh process started in the bench folder and resolves to
 * its standard output; standard error goes to ours. Rejects when the child fails.
 */
export function runNode(nodeArgs: readonly string[], args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [...sourceFlags(), ...nodeArgs, ...args],
      { cwd: BENCH_DIRECTORY, maxBuffer: 64 * 1024 * 1024, env: process.env },
      (error, stdout) => {
        if (error === null) resolve(stdout);
        else reject(new Error(`node ${args.join(' ')} failed`, { cause: error }));
      },
    );
    child.stderr?.pipe(process.stderr);
  });
}

/**
 * Runs one of the bench's TypeScript modules (`src/<file>`) in a fresh Node process through tsx,
 * with `--expose-gc`, and returns the JSON value it printed last on standard output.
 */
export async function runScript(file: string, args: readonly string[], nodeArgs: readonly string[] = []): Promise<unknown> {
  const stdout = await runNode([...(fromSource() ? [] : ['--import', 'tsx']), '--expose-gc', ...nodeArgs], [fileURLToPath(new URL(file, import.meta.url)), ...args]);
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1] ?? 'null') as unknown;
}
