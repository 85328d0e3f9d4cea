import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Bundles } from './build-bundles.js';
import { CHROMIUM_PATH, RUNTIME_KILL_AFTER_MS } from './matrix-limits.js';
import { runChild, type ChildOutcome } from './run-child.js';
import { RUNTIMES_DIRECTORY } from './runtimes-directory.js';

/** The runtimes of the matrix, in the order they run; `node` is the reference. */
export const RUNTIME_IDS = ['node', 'bun', 'deno', 'workerd', 'chromium'] as const;

/** One runtime of the matrix. */
export type RuntimeId = (typeof RUNTIME_IDS)[number];

/** How one runtime ran the program: the JSON line it printed, or where and how it failed. */
export type RuntimeOutcome =
  | { readonly ok: true; readonly output: string; readonly durationMs: number }
  | { readonly ok: false; readonly stage: 'missing' | 'bundle' | 'run'; readonly error: string; readonly durationMs: number };

interface RuntimeSpec {
  /** What it is called in reports, with the version the app pins. */
  readonly name: string;
  /** The bundle it runs. */
  readonly bundle: keyof Bundles;
  /** Why it cannot run on this machine, or `undefined` when it can. */
  readonly missing: () => string | undefined;
  /** The command that runs `file` and prints the program's JSON as its last line. */
  readonly command: (file: string) => readonly [string, ...string[]];
}

const requireHere = createRequire(join(RUNTIMES_DIRECTORY, 'package.json'));

/** The folder of an installed package, or `undefined` when it is not installed. */
function packageFolder(name: string, from = requireHere): string | undefined {
  try {
    return dirname(from.resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}

function packageVersion(folder: string | undefined): string {
  if (folder === undefined) return 'not installed';
  return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The native binary a registry package ships (`bun/bin/bun.exe`, `deno/deno`): run directly, not through its Node wrapper, so a kill reaches it. */
function shippedBinary(name: string, relativePath: string): string | undefined {
  const folder = packageFolder(name);
  return folder === undefined ? undefined : join(folder, relativePath);
}

function missingBinary(name: string, binary: string | undefined): string | undefined {
  if (binary === undefined) return `the npm package ${name} is not installed (pnpm install in the repository)`;
  if (!existsSync(binary)) return `${binary} is missing (the ${name} package's install script links it; pnpm's allowBuilds must list ${name})`;
  return undefined;
}

/** A TypeScript driver of this app run by the current Node through tsx. */
function driver(file: string): readonly [string, ...string[]] {
  return [process.execPath, '--import', 'tsx', join(RUNTIMES_DIRECTORY, 'src/drivers', file)];
}

const bunBinary = shippedBinary('bun', 'bin/bun.exe');
const denoBinary = shippedBinary('deno', 'deno');
const miniflareFolder = packageFolder('miniflare');
const workerdFolder = miniflareFolder === undefined ? undefined : packageFolder('workerd', createRequire(join(miniflareFolder, 'package.json')));

const RUNTIMES: Readonly<Record<RuntimeId, RuntimeSpec>> = {
  node: {
    name: `Node ${process.version}`,
    bundle: 'server',
    missing: () => undefined,
    command: (file) => [process.execPath, file],
  },
  bun: {
    name: `Bun ${packageVersion(packageFolder('bun'))}`,
    bundle: 'server',
    missing: () => missingBinary('bun', bunBinary),
    // --no-install: resolve from node_modules only, never from the registry.
    command: (file) => [bunBinary!, '--no-install', file],
  },
  deno: {
    name: `Deno ${packageVersion(packageFolder('deno'))}`,
    bundle: 'server',
    missing: () => missingBinary('deno', denoBinary),
    // No permissions at all: the program needs none. The app's package.json makes Deno resolve from node_modules.
    command: (file) => [denoBinary!, 'run', '--no-prompt', '--quiet', file],
  },
  workerd: {
    name: `workerd ${packageVersion(workerdFolder)} (Miniflare ${packageVersion(miniflareFolder)})`,
    bundle: 'worker',
    missing: () => (miniflareFolder === undefined ? 'the npm package miniflare is not installed (pnpm install in the repository)' : undefined),
    command: (file) => [...driver('run-in-workerd.ts'), file],
  },
  chromium: {
    name: 'Chromium (Debian)',
    bundle: 'browser',
    missing: () => {
      if (!existsSync(CHROMIUM_PATH)) return `${CHROMIUM_PATH} is missing (install Debian's chromium: apt-get install -y chromium)`;
      return packageFolder('playwright-core') === undefined ? 'the npm package playwright-core is not installed (pnpm install in the repository)' : undefined;
    },
    command: (file) => [...driver('run-in-chromium.ts'), file],
  },
};

/** The name of a runtime as reports print it, with its pinned version. */
export function runtimeName(id: RuntimeId): string {
  return RUNTIMES[id].name;
}

/** Why a runtime cannot run on this machine, or `undefined` when it can. */
export function missingRuntime(id: RuntimeId): string | undefined {
  return RUNTIMES[id].missing();
}

/** The environment every runtime gets: ours, without Node flags (no `@jangts/source` condition: the built packages are run), colourless, no update checks. */
function childEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' };
  delete env.NODE_OPTIONS;
  delete env.FORCE_COLOR;
  return env;
}

/**
 * Runs the program in one runtime: the bundle it takes must have built, the runtime must be
 * installed, and the run must exit 0 with the program's JSON as its last line of output. Never
 * throws: a failure is the outcome, with the error as the runtime printed it.
 */
export async function runRuntime(id: RuntimeId, bundles: Bundles): Promise<RuntimeOutcome> {
  const runtime = RUNTIMES[id];
  const missing = runtime.missing();
  if (missing !== undefined) return { ok: false, stage: 'missing', error: missing, durationMs: 0 };
  const bundle = bundles[runtime.bundle];
  if (!bundle.ok) return { ok: false, stage: 'bundle', error: bundle.error, durationMs: 0 };
  const [command, ...args] = runtime.command(bundle.file);
  const child = await runChild(command, args, { cwd: RUNTIMES_DIRECTORY, env: childEnvironment(), killAfterMs: RUNTIME_KILL_AFTER_MS });
  const output = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.code === 0 && !child.timedOut && output.startsWith('{')) return { ok: true, output, durationMs: child.durationMs };
  return { ok: false, stage: 'run', error: describeFailure(child), durationMs: child.durationMs };
}

function describeFailure(child: ChildOutcome): string {
  const how = child.spawnError !== undefined ? `could not start: ${child.spawnError}` : child.timedOut ? `killed after ${RUNTIME_KILL_AFTER_MS} ms` : child.signal !== null ? `ended by ${child.signal}` : `exited ${child.code}`;
  const printed = [child.stderr.trim(), child.stdout.trim()].filter((text) => text !== '').join('\n');
  return printed === '' ? how : `${how}:\n${printed}`;
}
