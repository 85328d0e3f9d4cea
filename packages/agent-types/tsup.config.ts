import type { Options } from 'tsup';
import { defineLibraryConfig } from '../../tsup.shared';

/** The three faces of TypeBox the packages import: builders and types, the `Type` namespace, the compiler. */
const typebox = {
  'internal-typebox': 'src/internal/typebox.ts',
  'internal-typebox-type': 'src/internal/typebox-type.ts',
  'internal-typebox-compile': 'src/internal/typebox-compile.ts',
};

// The package's own files reach TypeBox only through `@jangts/agent-types/internal/typebox*`
// (kept external, resolved by the package's `exports`), so that one copy serves every entry.
const selfReference = [/^@jangts\/agent-types\//];

export default [
  // The library, with the TypeBox entries as plain re-exports of `typebox` (what bundlers get,
  // under the `module` condition: they tree-shake TypeBox's own modules as before) and their
  // declarations (TypeBox's own types).
  {
    ...defineLibraryConfig({
      index: 'src/index.ts',
      structs: 'src/structs/index.ts',
      internal: 'src/internal/index.ts',
      'internal-compile': 'src/internal/compile.ts',
      'internal-json-reader': 'src/internal/json-reader.ts',
      'internal-type': 'src/internal/type.ts',
      ...typebox,
    }),
    clean: false,
    external: selfReference,
    // The declarations of the self-references are read from their sources (the built ones do not
    // exist yet); they stay imports of `@jangts/agent-types/internal/typebox*`.
    dts: { compilerOptions: { customConditions: ['@jangts/source'] } },
  },
  // The same TypeBox entries with TypeBox bundled into chunks they share (what Node, Bun and Deno
  // load: a cold import then reads a few files, not TypeBox's ~700; SPEC §9). No declarations:
  // the ones above describe them. No source maps either: TypeBox publishes none, and maps of its
  // modules would name files of this build machine and add 2 MB to the install.
  {
    ...defineLibraryConfig(Object.fromEntries(Object.entries(typebox).map(([name, source]) => [name.replace(/^internal-/, ''), source]))),
    outDir: 'dist/bundled',
    clean: false,
    dts: false,
    sourcemap: false,
    noExternal: [/^typebox(\/|$)/],
  },
] satisfies Options[];
