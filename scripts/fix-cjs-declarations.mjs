// Runs after tsup in every package build (cwd: the package).
//
// Dependencies published as ESM only (typebox, @ai-sdk/provider) may not be imported plainly from a `.d.cts` file:
// TypeScript reports TS1479 under `module: node16`. Their imports in CJS declaration files become
// type-only imports with `resolution-mode: import` (TypeScript >= 5.3). At run time Node >= 20.19
// `require`s them natively.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const esmOnlyModules = new Set(['typebox', '@ai-sdk/provider']);
const importLine = /^import (?:type )?(.+?) from '([^']+)';$/gm;

/** The package a bare specifier imports from: `typebox/compile` → `typebox`, `@scope/name/x` → `@scope/name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** @param {string} source */
export function rewriteEsmOnlyImports(source) {
  return source.replace(importLine, (line, clause, specifier) => {
    if (!esmOnlyModules.has(packageName(specifier))) return line;
    const from = ` from '${specifier}' with { 'resolution-mode': 'import' };`;
    const split = /^(\w+), (\{.*\})$/.exec(clause);
    if (split === null) return `import type ${clause}${from}`;
    return `import type ${split[1]}${from}\nimport type ${split[2]}${from}`;
  });
}

for (const entry of await readdir('dist', { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.cts')) continue;
  const file = join(entry.parentPath, entry.name);
  const source = await readFile(file, 'utf8');
  const fixed = rewriteEsmOnlyImports(source);
  if (fixed !== source) await writeFile(file, fixed);
}
