import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The API reference, built as `pnpm docs:api` builds it (the root typedoc.json, warnings are
 * errors), into a temporary directory: it must build with no warning, document every package and
 * every subpath of its `exports`, and link only to pages and files it wrote.
 */
const root = resolve(import.meta.dirname, '../../..');
const typedoc = join(root, 'node_modules/typedoc/bin/typedoc');

interface ReflectionJson {
  readonly name: string;
  readonly kind: number;
  readonly children?: readonly ReflectionJson[];
}

/** TypeDoc's `ReflectionKind.Module`. */
const MODULE_KIND = 2;

let work: string;
let build: { readonly status: number | null; readonly output: string };

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'agent-core-api-'));
  const result = spawnSync(process.execPath, [typedoc, '--out', join(work, 'html'), '--json', join(work, 'api.json')], {
    cwd: root,
    encoding: 'utf8',
  });
  build = { status: result.status, output: `${result.stdout}${result.stderr}` };
}, 1_200_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Each package's public `exports` subpaths (not `.`, `./package.json` nor the packages' own `./internal` entries), as TypeDoc names the modules. */
function exportedSubpaths(): Record<string, string[]> {
  const subpaths: Record<string, string[]> = {};
  for (const directory of readdirSync(join(root, 'packages'))) {
    const manifest = JSON.parse(readFileSync(join(root, 'packages', directory, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };
    subpaths[manifest.name] = Object.keys(manifest.exports)
      .filter((key) => key !== '.' && key !== './package.json' && key !== './internal' && !key.startsWith('./internal/'))
      .map((key) => key.slice('./'.length))
      .sort();
  }
  return subpaths;
}

function htmlFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the API reference (pnpm docs:api)', () => {
  it('builds with no warning', () => {
    const warnings = build.output.split('\n').filter((line) => /\[(warning|error)\]/.test(line));
    expect(warnings).toEqual([]);
    expect(build.status, build.output).toBe(0);
  });

  it('documents every package, its main entry and every subpath of its exports', () => {
    const project = JSON.parse(readFileSync(join(work, 'api.json'), 'utf8')) as ReflectionJson;
    const documented: Record<string, string[]> = {};
    for (const pkg of project.children ?? []) {
      const children = pkg.children ?? [];
      documented[pkg.name] = children.filter((child) => child.kind === MODULE_KIND).map((child) => child.name).sort();
      // The main entry's exports sit on the package page itself (`@mergeModuleWith <project>`).
      expect(children.filter((child) => child.kind !== MODULE_KIND).length, `${pkg.name} lists no export of its main entry`).toBeGreaterThan(0);
    }
    expect(documented).toEqual(exportedSubpaths());
  });

  it('links only to pages and files it wrote', () => {
    const html = join(work, 'html');
    const broken: string[] = [];
    for (const file of htmlFiles(html)) {
      for (const [, target = ''] of readFileSync(file, 'utf8').matchAll(/(?:href|src)="([^"#]*)(?:#[^"]*)?"/g)) {
        if (target === '' || /^[a-z][a-z+.-]*:/i.test(target)) continue;
        if (!existsSync(resolve(dirname(file), decodeURIComponent(target)))) broken.push(`${file.slice(html.length + 1)} → ${target}`);
      }
    }
    expect([...new Set(broken)]).toEqual([]);
  });
});
