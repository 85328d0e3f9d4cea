import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The budgets file: bytes of min+gzip per umbrella subpath (all of it) and per probe (one named import). */
export interface SizeBudgets {
  readonly subpaths: Readonly<Record<string, number>>;
  readonly probes: Readonly<Record<string, { readonly import: string; readonly from: string; readonly budget: number }>>;
}

/** One measured bundle. */
export interface SizeRow {
  readonly name: string;
  readonly minified: number;
  readonly gzipped: number;
  readonly budget: number;
  /** min+gzip bytes of the chunks loaded only by `import()`, on first use. */
  readonly lazy: number;
  /** Whether TypeBox's schema compiler (`typebox/build/compile`) loads at import. */
  readonly compiler: boolean;
  /**
   * Why the bundle failed for a runtime-neutral target (a Node built-in it reaches, say); it was
   * then measured for Node. `undefined` when it bundled.
   */
  readonly neutralError?: string | undefined;
}

const here = dirname(fileURLToPath(import.meta.url));

/** Reads `size-budgets.json`. */
export function readBudgets(): SizeBudgets {
  return JSON.parse(readFileSync(join(here, '..', 'size-budgets.json'), 'utf8')) as SizeBudgets;
}

/**
 * Bundles `source` (an ES module importing the built packages, resolved from this app) with every
 * dependency, minified, for a runtime-neutral target (falling back to Node, and saying why, when a
 * Node built-in is reached), and measures what loads at import: minified bytes, gzip level 9
 * bytes, and whether TypeBox's compiler is among it.
 */
async function measure(source: string, platform: 'neutral' | 'node'): Promise<{ minified: number; gzipped: number; compiler: boolean; lazy: number; neutralError?: string }> {
  if (platform === 'neutral') {
    try {
      return await bundle(source, 'neutral');
    } catch (error) {
      const errors = (error as { errors?: readonly { text: string }[] }).errors ?? [];
      const neutralError = errors.map((item) => item.text).join('; ') || String(error);
      return { ...(await bundle(source, 'node')), neutralError };
    }
  }
  return bundle(source, platform);
}

async function bundle(source: string, platform: 'neutral' | 'node'): Promise<{ minified: number; gzipped: number; compiler: boolean; lazy: number }> {
  const result = await build({
    stdin: { contents: source, resolveDir: here, loader: 'js', sourcefile: 'probe.js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    splitting: true,
    outdir: join(here, '.size-probe'),
    mainFields: ['module', 'main'],
    conditions: ['import', 'module', 'default'],
    write: false,
    metafile: true,
    logLevel: 'silent',
    treeShaking: true,
  });
  // What loads at import: the entry and the chunks it imports statically. Chunks reached only by
  // `import()` (a compiler loaded on first use, say) are counted apart, as `lazy`.
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint !== undefined);
  if (entry === undefined) throw new Error('esbuild wrote no entry');
  const eager = new Set<string>();
  const visit = (path: string): void => {
    if (eager.has(path)) return;
    eager.add(path);
    for (const imported of outputs[path]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry);
  let minified = 0;
  let gzipped = 0;
  let lazy = 0;
  let compiler = false;
  for (const file of result.outputFiles) {
    const path = Object.keys(outputs).find((output) => file.path.endsWith(output.replace(/^.*\.size-probe/, '')));
    if (path === undefined || !path.endsWith('.js')) continue;
    const inputs = Object.keys(outputs[path]?.inputs ?? {});
    if (eager.has(path)) {
      minified += file.contents.byteLength;
      gzipped += gzipSync(file.contents, { level: 9 }).byteLength;
      compiler ||= inputs.some((input) => /typebox\/build\/compile\//.test(input));
    } else {
      lazy += gzipSync(file.contents, { level: 9 }).byteLength;
    }
  }
  return { minified, gzipped, compiler, lazy };
}

/** Measures every subpath and probe of `budgets`. */
export async function measureSizes(budgets: SizeBudgets = readBudgets()): Promise<SizeRow[]> {
  const rows: SizeRow[] = [];
  for (const [subpath, budget] of Object.entries(budgets.subpaths)) {
    // Everything the subpath exports, kept alive.
    const platform = subpath.endsWith('/file') ? 'node' : 'neutral';
    const size = await measure(`import * as all from '${subpath}';\nglobalThis.__keep = all;\n`, platform);
    rows.push({ name: subpath, budget, ...size });
  }
  for (const [name, probe] of Object.entries(budgets.probes)) {
    const size = await measure(`import { ${probe.import} } from '${probe.from}';\nglobalThis.__keep = ${probe.import};\n`, 'neutral');
    rows.push({ name: `${name} (import { ${probe.import} } from '${probe.from}')`, budget: probe.budget, ...size });
  }
  return rows;
}

/** The rows as a markdown table. */
export function formatSizes(rows: readonly SizeRow[]): string {
  const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = ['| bundle | min | min+gzip | budget | lazy (gzip) | compiler at import | runtime-neutral | within |', '|---|---|---|---|---|---|---|---|'];
  for (const row of rows) {
    const neutral = row.neutralError === undefined ? 'yes' : `NO (${row.neutralError.slice(0, 80)})`;
    lines.push(`| ${row.name} | ${kb(row.minified)} | ${kb(row.gzipped)} | ${kb(row.budget)} | ${row.lazy === 0 ? '–' : kb(row.lazy)} | ${row.compiler ? 'yes' : 'no'} | ${neutral} | ${row.gzipped <= row.budget ? 'yes' : 'NO'} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatSizes(await measureSizes()));
}
