import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The variables `connectModel` reads; unset in the child unless given. */
const MODEL_VARIABLES = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'ANTHROPIC_API_KEY', 'ANTHROPIC_MODEL'] as const;

/** What `runExample` passes to the example. */
export interface RunExampleOptions {
  readonly argv?: readonly string[];
  readonly env?: Partial<Record<(typeof MODEL_VARIABLES)[number], string>>;
}

/**
 * Runs an example as a user does (`pnpm start`): `src/main.ts` of `directory` in a child Node
 * process on the workspace's sources, with no model key but the ones in `env`. Resolves with what
 * it printed; rejects when it exits with an error.
 */
export async function runExample(directory: URL, options: RunExampleOptions = {}): Promise<{ stdout: string; stderr: string }> {
  const unset = Object.fromEntries(MODEL_VARIABLES.map((name) => [name, undefined]));
  return promisify(execFile)(process.execPath, ['--conditions=@jangts/source', '--import', 'tsx', 'src/main.ts', ...(options.argv ?? [])], {
    cwd: fileURLToPath(directory),
    // An undefined value leaves the variable out of the child's environment.
    env: { ...process.env, ...unset, ...options.env },
  });
}
