import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * What `import '@jangts/agent-runner'` loads, read from the sources: every module reachable by
 * static imports from `src/index.ts`, into `@jangts/agent-types` too. The file log store (its
 * exports are leaving the root for `@jangts/agent-trace`) is the one part left out.
 */

const SOURCE = fileURLToPath(new URL('.', import.meta.url));
const TYPES_SOURCE = join(SOURCE, '../../agent-types/src');
const WORKSPACE: Readonly<Record<string, string>> = {
  '@jangts/agent-types': join(TYPES_SOURCE, 'index.ts'),
  '@jangts/agent-types/internal': join(TYPES_SOURCE, 'internal/index.ts'),
  '@jangts/agent-types/structs': join(TYPES_SOURCE, 'structs/index.ts'),
  '@jangts/agent-types/internal/compile': join(TYPES_SOURCE, 'internal/compile.ts'),
  '@jangts/agent-types/internal/typebox': join(TYPES_SOURCE, 'internal/typebox.ts'),
  '@jangts/agent-types/internal/typebox-type': join(TYPES_SOURCE, 'internal/typebox-type.ts'),
  '@jangts/agent-types/internal/typebox-compile': join(TYPES_SOURCE, 'internal/typebox-compile.ts'),
};
/** Leaving the root (issue 17): the Node-only file log store. */
const LEFT_OUT = new Set([join(SOURCE, 'log-store/index.ts')]);

interface Module {
  readonly file: string;
  /** Specifiers of its value imports and re-exports (type-only ones load nothing). */
  readonly imports: readonly string[];
  /** Specifiers of its `import()` calls. */
  readonly dynamic: readonly string[];
  /** Its code, comments and strings taken out. */
  readonly code: string;
}

function withoutCommentsAndStrings(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|`(?:\\[\s\S]|[^`\\])*`|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g, "''");
}

function read(file: string): Module {
  const text = readFileSync(file, 'utf8');
  const statements = text.match(/^(?:import|export)\s[^;]*?from\s+'[^']+';/gms) ?? [];
  const imports = statements.filter((statement) => !/^(?:import|export)\s+type\s/.test(statement)).map((statement) => /from\s+'([^']+)';$/.exec(statement)?.[1] as string);
  const bare = text.match(/^import\s+'[^']+';/gm) ?? [];
  imports.push(...bare.map((statement) => /'([^']+)'/.exec(statement)?.[1] as string));
  const dynamic = [...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((match) => match[1] as string);
  return { file, imports, dynamic, code: withoutCommentsAndStrings(text) };
}

function resolve(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return join(dirname(from), specifier.replace(/\.js$/, '.ts'));
  return WORKSPACE[specifier];
}

/** Every module reached from the runner's root by static imports, and the packages outside the workspace they import. */
function rootGraph(): { modules: Module[]; external: Set<string> } {
  const seen = new Map<string, Module>();
  const external = new Set<string>();
  const pending = [join(SOURCE, 'index.ts')];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file) || LEFT_OUT.has(file)) continue;
    const module = read(file);
    seen.set(file, module);
    for (const specifier of module.imports) {
      const target = resolve(file, specifier);
      if (target === undefined) external.add(specifier);
      else pending.push(target);
    }
  }
  return { modules: [...seen.values()], external };
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

describe('the runner root', () => {
  const { modules, external } = rootGraph();
  const named = (list: readonly Module[]): string[] => list.map((module) => relative(join(SOURCE, '../..'), module.file));

  it('reaches the runner, its input door and the shared types (the walk works)', () => {
    const files = named(modules);
    expect(files).toEqual(expect.arrayContaining(['agent-runner/src/model-runner.ts', 'agent-runner/src/run/invocation.ts', 'agent-types/src/internal/parser.ts']));
    expect(files.some((file) => file.startsWith('agent-runner/src/log-store/'))).toBe(false);
  });

  it('imports no Node built-in and uses neither Buffer nor process', () => {
    expect([...external].filter((specifier) => NODE_BUILTINS.has(specifier) || specifier.startsWith('node:'))).toEqual([]);
    expect(named(modules.filter((module) => /\b(?:Buffer|process)\b/.test(module.code)))).toEqual([]);
  });

  it("loads TypeBox's compiler only when a tool stage asks for it (a dynamic import)", () => {
    const compilers = ['typebox/compile', '@jangts/agent-types/internal/typebox-compile'];
    expect(named(modules.filter((module) => module.imports.some((specifier) => compilers.includes(specifier))))).toEqual([]);
    const own = modules.filter((module) => module.file.startsWith(SOURCE));
    expect(own.flatMap((module) => module.dynamic)).toEqual(['@jangts/agent-types/internal/compile']);
    expect(read(join(TYPES_SOURCE, 'internal/schema-validator.ts')).imports).toContain('@jangts/agent-types/internal/typebox-compile');
    expect(read(join(TYPES_SOURCE, 'internal/typebox-compile.ts')).imports).toEqual(['typebox/compile']);
  });
});

/** The runner's own production modules (the providers and the file log store have their own owners). */
function ownModules(directory = SOURCE): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!['providers', 'log-store', 'testing', '__fixtures__'].includes(entry.name)) files.push(...ownModules(path));
    } else if (entry.name.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(entry.name)) files.push(path);
  }
  return files;
}

/** Every relative import of a module, type-only ones included. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\bfrom\s+'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((match) => join(dirname(file), (match[1] ?? match[2] ?? '').replace(/\.js$/, '.ts')));
}

describe('the runner modules', () => {
  it('import one another without a circle, type-only imports included', () => {
    const edges = new Map(ownModules().map((file) => [file, relativeImports(file)]));
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done' || !edges.has(file)) return;
      if (state.get(file) === 'open') {
        circles.push([...trail.slice(trail.indexOf(file)), file].map((part) => relative(SOURCE, part)).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const next of edges.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of edges.keys()) visit(file, []);
    expect(edges.size).toBeGreaterThan(20);
    expect(circles).toEqual([]);
  });
});
