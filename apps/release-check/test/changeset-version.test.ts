import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The release flow, dry: `changeset version` runs on a copy of the repository's `.changeset/` and
 * `package.json` files (and CHANGELOGs, if any) in a temporary directory, and must give each
 * package its own CHANGELOG.md with its entries under its own new version. The repository itself
 * is not touched.
 */
const root = resolve(import.meta.dirname, '../../..');
const changesetBin = join(root, 'node_modules/@changesets/cli/bin.js');

type Bump = 'major' | 'minor' | 'patch';

interface Changeset {
  readonly file: string;
  readonly releases: ReadonlyMap<string, Bump>;
  /** The summary's first line: the first line of its CHANGELOG entry. */
  readonly firstLine: string;
}

interface Manifest {
  readonly name: string;
  readonly version?: string;
  readonly private?: boolean;
  readonly dependencies?: Record<string, string>;
}

const packageDirectories = readdirSync(join(root, 'packages')).map((name) => join('packages', name));
const privateDirectories = ['apps', 'examples'].flatMap((folder) => readdirSync(join(root, folder)).map((name) => join(folder, name)));
const workspaceDirectories = [...packageDirectories, ...privateDirectories];

function readManifest(base: string, directory: string): Manifest {
  return JSON.parse(readFileSync(join(base, directory, 'package.json'), 'utf8')) as Manifest;
}

function readChangesets(): Changeset[] {
  const directory = join(root, '.changeset');
  return readdirSync(directory)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .map((file) => {
      const text = readFileSync(join(directory, file), 'utf8');
      const match = /^---\n([\s\S]*?)^---\n([\s\S]*)$/m.exec(text);
      if (match === null) throw new Error(`.changeset/${file} has no front matter`);
      const [, frontMatter = '', summary = ''] = match;
      const releases = new Map<string, Bump>();
      for (const line of frontMatter.split('\n')) {
        const release = /^['"]?([^'":]+)['"]?:\s*(major|minor|patch)\s*$/.exec(line.trim());
        if (release !== null) releases.set(release[1] ?? '', release[2] as Bump);
      }
      return { file, releases, firstLine: summary.trim().split('\n')[0] ?? '' };
    });
}

const ORDER: readonly Bump[] = ['patch', 'minor', 'major'];

function bumpVersion(version: string, bump: Bump): string {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/**
 * The versions `changeset version` must produce: a package's highest bump among its changesets,
 * and (`updateInternalDependencies: "patch"`) a patch for a package whose only change is a bumped
 * workspace dependency.
 */
function expectedVersions(manifests: readonly Manifest[], changesets: readonly Changeset[]): Map<string, string> {
  const bumps = new Map<string, Bump>();
  for (const { releases } of changesets) {
    for (const [name, bump] of releases) {
      const current = bumps.get(name);
      if (current === undefined || ORDER.indexOf(bump) > ORDER.indexOf(current)) bumps.set(name, bump);
    }
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const manifest of manifests) {
      if (bumps.has(manifest.name) || manifest.private === true) continue;
      if (Object.keys(manifest.dependencies ?? {}).some((name) => bumps.has(name))) {
        bumps.set(manifest.name, 'patch');
        grew = true;
      }
    }
  }
  return new Map(manifests.filter((manifest) => bumps.has(manifest.name)).map((manifest) => [manifest.name, bumpVersion(manifest.version ?? '0.0.0', bumps.get(manifest.name) ?? 'patch')]));
}

/** Every file the dry run reads, with its content: the repository's must be the same afterwards. */
function snapshotInputs(): Record<string, string> {
  const files = ['package.json', 'pnpm-workspace.yaml', ...readdirSync(join(root, '.changeset')).map((file) => join('.changeset', file))];
  for (const directory of workspaceDirectories) files.push(join(directory, 'package.json'), join(directory, 'CHANGELOG.md'));
  return Object.fromEntries(files.map((file) => [file, existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : '(absent)']));
}

const changesets = readChangesets();
const manifests = packageDirectories.map((directory) => readManifest(root, directory));
let work: string;
let before: Record<string, string>;

beforeAll(() => {
  before = snapshotInputs();
  work = mkdtempSync(join(tmpdir(), 'agent-core-changeset-'));
  cpSync(join(root, '.changeset'), join(work, '.changeset'), { recursive: true });
  cpSync(join(root, 'package.json'), join(work, 'package.json'));
  cpSync(join(root, 'pnpm-workspace.yaml'), join(work, 'pnpm-workspace.yaml'));
  for (const directory of workspaceDirectories) {
    mkdirSync(join(work, directory), { recursive: true });
    for (const file of ['package.json', 'CHANGELOG.md']) {
      if (existsSync(join(root, directory, file))) cpSync(join(root, directory, file), join(work, directory, file));
    }
  }
  // The changelog generator the config names (`@changesets/cli/changelog`) resolves from here.
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');
  execFileSync(process.execPath, [changesetBin, 'version'], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('changeset version (dry run on a copy)', () => {
  it('versions packages independently: no fixed or linked groups', () => {
    const config = JSON.parse(readFileSync(join(root, '.changeset/config.json'), 'utf8')) as { fixed: unknown; linked: unknown };
    expect({ fixed: config.fixed, linked: config.linked }).toEqual({ fixed: [], linked: [] });
  });

  it('has changesets to release', () => {
    expect(changesets.filter(({ releases }) => releases.size > 0).length).toBeGreaterThan(0);
  });

  it("bumps each package to the version its own changesets (or its dependencies') call for", () => {
    const expected = expectedVersions(manifests, changesets);
    const actual = new Map(packageDirectories.map((directory) => [readManifest(work, directory).name, readManifest(work, directory).version]));
    for (const manifest of manifests) {
      expect(actual.get(manifest.name), manifest.name).toBe(expected.get(manifest.name) ?? manifest.version);
    }
  });

  it('writes each released package a CHANGELOG.md with every entry of its changesets under its new version and bump', () => {
    const expected = expectedVersions(manifests, changesets);
    for (const directory of packageDirectories) {
      const { name } = readManifest(root, directory);
      const version = expected.get(name);
      const file = join(work, directory, 'CHANGELOG.md');
      if (version === undefined) {
        expect(existsSync(file), `${name} has no changeset, so no new CHANGELOG`).toBe(existsSync(join(root, directory, 'CHANGELOG.md')));
        continue;
      }
      const changelog = readFileSync(file, 'utf8');
      expect(changelog.startsWith(`# ${name}\n\n## ${version}\n`), `${name} CHANGELOG starts with its new version`).toBe(true);
      const next = changelog.indexOf('\n## ', `# ${name}\n\n## `.length);
      const release = changelog.slice(0, next === -1 ? undefined : next);
      const own = changesets.filter(({ releases }) => releases.has(name));
      if (own.length === 0) expect(release, `${name}: bumped for its dependencies`).toContain('\n- Updated dependencies');
      for (const changeset of own) {
        const bump = changeset.releases.get(name) ?? 'patch';
        const heading = `### ${bump[0]?.toUpperCase() ?? ''}${bump.slice(1)} Changes`;
        const section = release.split('\n### ').find((part) => `### ${part}`.startsWith(heading)) ?? '';
        expect(section, `${name}: .changeset/${changeset.file} under "${heading}"`).toContain(`\n- ${changeset.firstLine}`);
      }
    }
  });

  it('consumes the changesets of the copy', () => {
    expect(readdirSync(join(work, '.changeset')).sort()).toEqual(['README.md', 'config.json']);
  });

  it('leaves the repository untouched', () => {
    expect(snapshotInputs()).toEqual(before);
  });

  it('gives the private apps and examples neither a version nor a CHANGELOG', () => {
    for (const directory of privateDirectories) {
      expect(existsSync(join(work, directory, 'CHANGELOG.md')), directory).toBe(false);
      expect(readManifest(work, directory)).toEqual(readManifest(root, directory));
    }
  });
});
