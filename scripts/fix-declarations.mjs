// Runs after tsup in every package build (cwd: the package). Three fixes to the declaration files,
// and one to the source maps:
//
// 1. The declaration bundler puts bare imports (`import '@jangts/agent-runner/providers/ai-sdk';`) of
// modules other entries use into one entry's declarations. A declaration file has no side effects,
// so they only make that entry load declarations it does not use — those of the AI SDK adapter need
// the optional peer `@ai-sdk/provider`, which fails an App's type check (`skipLibCheck: false`)
// without that peer. They are removed from every `.d.ts` and `.d.cts` file.
//
// 2. The bundler turns `export type * from 'm';` into `export * from 'm';`, which would claim values
// the entry does not export at run time (`@jangts/agent-core/types` is type-only). Where the entry's
// source (`src/<entry>.ts`) says `export type *`, its declarations say it again.
//
// 3. Dependencies published as ESM only (typebox, @ai-sdk/provider) may not be imported plainly from a `.d.cts` file:
// TypeScript reports TS1479 under `module: node16`. Their imports in CJS declaration files become
// type-only imports with `resolution-mode: import` (TypeScript >= 5.3), and so do their re-exports
// (`export { Type } from 'typebox'` in the umbrella): a name the entry's source re-exports as a
// value is declared as a constant of its type, the others are re-exported as types. At run time
// Node >= 20.19 `require`s them natively.
//
// 4. The CommonJS source maps name the generated file itself (its interop code has no source) by
// its absolute path on the build machine (`/work/…/dist/index.cjs`), which would be published.
// Absolute `sources` (and `file`) become relative to the map.
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

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

const reexportLine = /^export \{ ([^}]+) \} from '([^']+)';$/gm;

/** The names an entry's source re-exports from `specifier` as values (`export { Type } from 'typebox'`, not `export type`). */
function valueReexports(entrySource, specifier) {
  const names = new Set();
  for (const [, clause = '', from] of entrySource.matchAll(/^export \{([^}]+)\} from '([^']+)';$/gm)) {
    if (from !== specifier) continue;
    for (const name of clause.split(',').map((part) => part.trim())) if (name !== '' && !name.startsWith('type ')) names.add(name);
  }
  return names;
}

/**
 * @param {string} source - a `.d.cts` file
 * @param {string} entrySource - the entry's TypeScript source
 */
export function rewriteEsmOnlyReexports(source, entrySource) {
  return source.replace(reexportLine, (line, clause, specifier) => {
    if (!esmOnlyModules.has(packageName(specifier))) return line;
    const names = clause.split(',').map((part) => part.trim());
    const values = valueReexports(entrySource, specifier);
    const from = ` from '${specifier}' with { 'resolution-mode': 'import' };`;
    const namespace = `__${specifier.replace(/[^a-zA-Z0-9]/g, '_')}`;
    const types = names.filter((name) => !values.has(name));
    const lines = [];
    if (types.length > 0) lines.push(`import type { ${types.join(', ')} }${from}`, `export type { ${types.join(', ')} };`);
    const declared = names.filter((name) => values.has(name));
    if (declared.length > 0) {
      lines.push(`import type * as ${namespace}${from}`);
      for (const name of declared) lines.push(`declare const ${name}: typeof ${namespace}.${name};`);
      lines.push(`export { ${declared.join(', ')} };`);
    }
    return lines.join('\n');
  });
}

const starReexportLine = /^export \* from '([^']+)';$/gm;

/**
 * `export * from 'typebox/type'` in a `.d.cts` file: type-only, with `resolution-mode: import`
 * (see fix 3).
 *
 * @param {string} source - a `.d.cts` file
 */
export function rewriteEsmOnlyStarReexports(source) {
  return source.replace(starReexportLine, (line, specifier) =>
    esmOnlyModules.has(packageName(specifier)) ? `export type * from '${specifier}' with { 'resolution-mode': 'import' };` : line,
  );
}

const bareImportLine = /^import '[^']+';\n/gm;

/** @param {string} source */
export function removeBareImports(source) {
  return source.replace(bareImportLine, '');
}

const typeOnlyReexport = /^export type \* from '([^']+)';$/gm;

/**
 * @param {string} declarations
 * @param {string} entrySource - the entry's TypeScript source
 */
export function restoreTypeOnlyReexports(declarations, entrySource) {
  let fixed = declarations;
  for (const [, specifier] of entrySource.matchAll(typeOnlyReexport)) {
    fixed = fixed.replace(`export * from '${specifier}';`, `export type * from '${specifier}';`);
  }
  return fixed;
}

/**
 * The source of the entry a declaration file (path in `dist/` without its extension) was built
 * from: `src/<entry>.ts`, or, for an entry named after a nested file (`internal-compile` for
 * `src/internal/compile.ts`), the first file found turning a `-` into a `/`. `undefined` when none.
 */
function entrySourceOf(entry) {
  const candidates = [entry];
  for (let at = entry.indexOf('-'); at !== -1; at = entry.indexOf('-', at + 1)) candidates.push(`${entry.slice(0, at)}/${entry.slice(at + 1)}`);
  return candidates.map((candidate) => join('src', `${candidate}.ts`)).find((path) => existsSync(path));
}

for (const entry of await readdir('dist', { withFileTypes: true, recursive: true })) {
  const cjs = entry.name.endsWith('.d.cts');
  if (!entry.isFile() || !(cjs || entry.name.endsWith('.d.ts'))) continue;
  const file = join(entry.parentPath, entry.name);
  const source = await readFile(file, 'utf8');
  const entrySourceFile = entrySourceOf(relative('dist', file).replace(/\.d\.c?ts$/, ''));
  const entrySource = entrySourceFile === undefined ? '' : await readFile(entrySourceFile, 'utf8');
  let fixed = restoreTypeOnlyReexports(removeBareImports(source), entrySource);
  if (cjs) fixed = rewriteEsmOnlyStarReexports(rewriteEsmOnlyReexports(rewriteEsmOnlyImports(fixed), entrySource));
  if (fixed !== source) await writeFile(file, fixed);
}

/**
 * @param {string} mapText - a source map's JSON
 * @param {string} mapDirectory - the directory of the map file
 */
function relativeSources(mapText, mapDirectory) {
  const map = JSON.parse(mapText);
  const local = (path) => (typeof path === 'string' && isAbsolute(path) ? relative(mapDirectory, path).split(sep).join('/') : path);
  const sources = Array.isArray(map.sources) ? map.sources : [];
  if (!isAbsolute(String(map.file ?? '')) && !sources.some((source) => typeof source === 'string' && isAbsolute(source))) return mapText;
  map.sources = sources.map(local);
  if (map.file !== undefined) map.file = local(map.file);
  return JSON.stringify(map);
}

for (const entry of await readdir('dist', { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
  const file = join(entry.parentPath, entry.name);
  const source = await readFile(file, 'utf8');
  const fixed = relativeSources(source, resolve(dirname(file)));
  if (fixed !== source) await writeFile(file, fixed);
}
