import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { RUNTIMES_DIRECTORY } from './runtimes-directory.js';

/** Where bundles are written: inside the app, so the server bundle resolves the library from the app's `node_modules`. */
export const BUNDLE_DIRECTORY = join(RUNTIMES_DIRECTORY, 'dist');

/** The matrix's program (`runProgram`). */
export const PROGRAM_FILE = join(RUNTIMES_DIRECTORY, 'src/program.ts');

/** A bundle that was built (its file), or why it could not be (esbuild's errors, as it prints them). */
export type BundleOutcome = { readonly ok: true; readonly file: string } | { readonly ok: false; readonly error: string };

/** The three bundles of the program, one per kind of runtime. */
export interface Bundles {
  /** For Node, Bun and Deno: the program's own code in one file; `@jangts/agent-core` and `typebox` left as imports that each runtime resolves from `node_modules`. */
  readonly server: BundleOutcome;
  /** For workerd: the Worker (`src/entries/worker.ts`), everything in one file, built for the browser platform. */
  readonly worker: BundleOutcome;
  /** For Chromium: the program module (`runProgram`), everything in one file, built for the browser platform. */
  readonly browser: BundleOutcome;
}

const COMMON: BuildOptions = {
  bundle: true,
  format: 'esm',
  target: 'es2022',
  // The recorded stream is part of the program, as its text.
  loader: { '.sse': 'text' },
  logLevel: 'silent',
  // Paths in esbuild's messages are relative to the repository (packages/agent-runner/dist/index.js:163).
  absWorkingDir: join(RUNTIMES_DIRECTORY, '../..'),
  write: true,
};

/**
 * Builds the program's bundles with esbuild into `directory` (emptied first). The worker and
 * browser bundles are built as a user would build them for those platforms: `platform: 'browser'`,
 * no Node polyfills, no `define` of `process`; a library module that imports a Node built-in makes
 * the build fail, and that failure is the runtime's result. `program` swaps in another module
 * exporting `runProgram` (the harness's own probes). Never throws for a failed build.
 */
export async function buildBundles(program = PROGRAM_FILE, directory = join(BUNDLE_DIRECTORY, 'program')): Promise<Bundles> {
  await rm(directory, { recursive: true, force: true });
  const plugins = [programIs(program)];
  const [server, worker, browser] = await Promise.all([
    bundle({ entryPoints: [join(RUNTIMES_DIRECTORY, 'src/entries/print-results.ts')], outfile: join(directory, 'server/print-results.js'), platform: 'neutral', packages: 'external', plugins }),
    bundle({ entryPoints: [join(RUNTIMES_DIRECTORY, 'src/entries/worker.ts')], outfile: join(directory, 'worker/worker.js'), platform: 'browser', plugins }),
    bundle({ entryPoints: [program], outfile: join(directory, 'browser/program.js'), platform: 'browser' }),
  ]);
  return { server, worker, browser };
}

/** Resolves the entries' `../program.js` to `program`. */
function programIs(program: string): Plugin {
  return {
    name: 'program',
    setup(setup) {
      setup.onResolve({ filter: /^\.\.\/program\.js$/ }, () => ({ path: program }));
    },
  };
}

async function bundle(options: BuildOptions & { outfile: string }): Promise<BundleOutcome> {
  try {
    await build({ ...COMMON, ...options });
    return { ok: true, file: options.outfile };
  } catch (error) {
    return { ok: false, error: `esbuild --platform=${options.platform}: ${error instanceof Error ? error.message : String(error)}` };
  }
}
