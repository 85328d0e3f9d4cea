import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIRECTORY } from './fresh-process.js';

/** The newest modification time of the files under `directory` (0 when it does not exist). */
function newestFile(directory: string): number {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestFile(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Throws when a workspace package the bench loads has no build, or sources changed after its last
 * build: the bench loads `dist/`, and a stale one would measure yesterday's code. `pnpm bench`
 * at the root builds first; `pnpm build` does too.
 */
export function assertBuilt(): void {
  const manifest = JSON.parse(readFileSync(join(BENCH_DIRECTORY, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const stale: string[] = [];
  for (const [name, version] of Object.entries(manifest.dependencies ?? {})) {
    if (!version.startsWith('workspace:')) continue;
    const root = realpathSync(join(BENCH_DIRECTORY, 'node_modules', name));
    const built = newestFile(join(root, 'dist'));
    if (built === 0 || newestFile(join(root, 'src')) > built) stale.push(name);
  }
  if (stale.length > 0) throw new Error(`${stale.join(', ')}: dist/ is missing or older than src/; run \`pnpm build\` (or \`pnpm bench\` at the root, which builds) first`);
}
