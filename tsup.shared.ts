import { defineConfig, type Options } from 'tsup';

/**
 * The one build configuration every package uses: ESM + CJS with `.d.ts`/`.d.cts`,
 * source maps, tree-shakeable output, dependencies left external.
 *
 * @param entry - entry name → source file, e.g. `{ index: 'src/index.ts' }`.
 */
export function defineLibraryConfig(entry: Record<string, string>): Options {
  return defineConfig({
    entry,
    format: ['esm', 'cjs'],
    dts: { compilerOptions: { customConditions: [] } },
    sourcemap: true,
    clean: true,
    splitting: true,
    target: 'node20',
    platform: 'neutral',
    outDir: 'dist',
  }) as Options;
}
