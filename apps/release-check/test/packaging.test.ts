import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Packaging proof: every package is packed with `pnpm pack`, the tarballs are installed with npm
 * into fresh projects outside the workspace, and the published entry points are loaded with ESM
 * `import` and CJS `require`, and type-checked by a consumer under `module: node16`.
 */
const root = resolve(import.meta.dirname, '../../..');
const packages = ['agent-types', 'agent-context', 'agent-runner', 'agent-preview', 'agent-reflection', 'agent-trace', 'agent-turn', 'agent-core'];
const tsc = join(root, 'node_modules/typescript/bin/tsc');

/** Public names each entry point must export (a subset: the ones SPEC §1 names). */
const expectedExports: Record<string, readonly string[]> = {
  '@jangts/agent-core': ['ModelRunner', 'Support', 'AgentCoreError', 'validateContextFragment', 'assembleFragments', 'assembleContextPlan'],
  '@jangts/agent-core/types': ['validateContextFragment'],
  '@jangts/agent-core/structs': ['ContextFragmentSchema', 'ModelMessageSchema', 'LogRecordSchema'],
  '@jangts/agent-core/context': ['validateContextFragment', 'assembleFragments', 'assembleContextPlan'],
  '@jangts/agent-core/support': ['createReplyPreview'],
  '@jangts/agent-core/kits': ['reflection', 'turn'],
  '@jangts/agent-core/kits/reflection': ['defineReflection', 'defineReflectionLogSource'],
  '@jangts/agent-core/kits/turn': ['defineTurn', 'TurnStateSchema', 'TurnDecisionSchema'],
  '@jangts/agent-core/providers/scripted': ['createScriptedProvider'],
  '@jangts/agent-core/providers/openai-compatible': ['createOpenAICompatibleProvider'],
  '@jangts/agent-core/providers/anthropic': ['createAnthropicProvider'],
  '@jangts/agent-core/providers/ai-sdk': ['fromAiSdkModel'],
  '@jangts/agent-core/trace': ['FLOW_START_TYPE'],
  '@jangts/agent-core/trace/file': ['createFileLogStore'],
  '@jangts/agent-core/trace/postgres': ['createPostgresTraceStore', 'PostgresTraceStoreOptionsSchema'],
  '@jangts/agent-core/trace/otel': ['withOtelSpans', 'exportTraceToOtel', 'recordReflectionFindings'],
};

/** The optional peer of the OpenTelemetry entries, as an App that uses them installs it. */
const otelApi = { '@opentelemetry/api': '1.9.1' };

let work: string;
const tarballs: Record<string, string> = {};

function run(command: string, args: readonly string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`, { cause: error });
  }
}

/** A fresh npm project that depends on the given packed packages (and only on them). */
function project(name: string, names: readonly string[], registry: Readonly<Record<string, string>> = {}): string {
  const dir = join(work, name);
  mkdirSync(dir);
  const files = { ...Object.fromEntries(names.map((pkg) => [`@jangts/${pkg}`, `file:${tarballs[pkg] ?? ''}`])), ...registry };
  const overrides = Object.fromEntries(packages.map((pkg) => [`@jangts/${pkg}`, `file:${tarballs[pkg] ?? ''}`]));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, dependencies: files, overrides }));
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', '--omit=peer'], dir);
  return dir;
}

function node(dir: string, file: string, source: string): string {
  writeFileSync(join(dir, file), source);
  return run(process.execPath, [file], dir);
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'agent-core-pack-'));
  const packs = join(work, 'packs');
  mkdirSync(packs);
  for (const pkg of packages) {
    run('pnpm', ['pack', '--pack-destination', packs], join(root, 'packages', pkg));
  }
  for (const file of readdirSync(packs)) {
    const pkg = packages.find((name) => file.startsWith(`jangts-${name}-`));
    if (pkg !== undefined) tarballs[pkg] = join(packs, file);
  }
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('published packages', () => {
  it('packs every package', () => {
    expect(Object.keys(tarballs).sort()).toEqual([...packages].sort());
  });

  it.each(packages)('publishes only what users need: %s', (pkg) => {
    const unpacked = join(work, 'unpacked', pkg);
    mkdirSync(unpacked, { recursive: true });
    run('tar', ['-xzf', tarballs[pkg] ?? '', '-C', unpacked], work);
    const files = run('tar', ['-tzf', tarballs[pkg] ?? ''], work)
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.replace(/^package\//, ''));
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts']));
    const unwanted = files.filter((file) => /\.test(-d)?\.ts$|__fixtures__|\/testing\/|\.tsbuildinfo$|vitest|tsup\.config|\.vitest-result/.test(file));
    expect(unwanted).toEqual([]);
    const root = join(unpacked, 'package');
    for (const map of files.filter((file) => file.endsWith('.map'))) {
      const { sources, file } = JSON.parse(readFileSync(join(root, map), 'utf8')) as { sources: string[]; file?: string };
      const missing = sources.filter((source) => !existsSync(resolve(root, dirname(map), source)));
      expect(missing, map).toEqual([]);
      // No path of the build machine is published.
      expect([...sources, file ?? ''].filter((path) => isAbsolute(path)), map).toEqual([]);
    }
  });

  it('lets a user install @jangts/agent-context alone and use it from ESM and CJS', () => {
    const dir = project('context-only', ['agent-context']);
    expect(readdirSync(join(dir, 'node_modules/@jangts')).sort()).toEqual(['agent-context', 'agent-types']);
    const example = `
      const input = assembleFragments([{ id: 'question', sourceId: 'request', trust: 'user',
        lifetime: 'turn', maxChars: 1000, role: 'user', value: '现在服务状态怎样?' }], 2000);
      let code = 'none';
      try { validateContextFragment({ id: 'x', sourceId: 's', trust: 'user', lifetime: 'turn', maxChars: 10, role: 'system', value: 'hi' }); }
      catch (error) { code = error.code; }
      console.log(JSON.stringify({ chars: input.inputChars, content: input.messages[0].content, code }));`;
    const expected = JSON.stringify({ chars: 9, content: '现在服务状态怎样?', code: 'TRUST_VIOLATION' });
    expect(node(dir, 'esm.mjs', `import { assembleFragments, validateContextFragment } from '@jangts/agent-context';${example}`).trim()).toBe(expected);
    expect(node(dir, 'cjs.cjs', `const { assembleFragments, validateContextFragment } = require('@jangts/agent-context');${example}`).trim()).toBe(expected);
  });

  it('lets a user install @jangts/agent-trace alone and write and read a trace from ESM and CJS (the PostgreSQL store loads without its optional pg)', () => {
    const dir = project('trace-only', ['agent-trace']);
    expect(readdirSync(join(dir, 'node_modules/@jangts')).sort()).toEqual(['agent-trace', 'agent-types']);
    expect(existsSync(join(dir, 'node_modules/pg'))).toBe(false);
    const example = `
      const directory = mkdtempSync(join(tmpdir(), 'trace-only-'));
      const store = createFileLogStore({ directory });
      store.open('run-1', 'turn').record('model.end', { ok: true });
      store.reader.read({ traceId: 'run-1', limit: 10, signal: AbortSignal.timeout(60000) }).then(async (page) => {
        await store.close();
        rmSync(directory, { recursive: true });
        console.log(JSON.stringify({ types: page.records.map((record) => record.type), start: FLOW_START_TYPE, complete: page.complete, kit: typeof describeTraceStoreConformance, postgres: typeof createPostgresTraceStore }));
      });`;
    const expected = JSON.stringify({ types: ['flow.start', 'model.end'], start: 'flow.start', complete: true, kit: 'function', postgres: 'function' });
    const nodeImports = `import { mkdtempSync, rmSync } from 'node:fs'; import { tmpdir } from 'node:os'; import { join } from 'node:path';`;
    const nodeRequires = `const { mkdtempSync, rmSync } = require('node:fs'); const { tmpdir } = require('node:os'); const { join } = require('node:path');`;
    expect(node(dir, 'esm.mjs', `${nodeImports} import { FLOW_START_TYPE } from '@jangts/agent-trace'; import { createFileLogStore } from '@jangts/agent-trace/file'; import { describeTraceStoreConformance } from '@jangts/agent-trace/conformance'; import { createPostgresTraceStore } from '@jangts/agent-trace/postgres';${example}`).trim()).toBe(expected);
    expect(node(dir, 'cjs.cjs', `${nodeRequires} const { FLOW_START_TYPE } = require('@jangts/agent-trace'); const { createFileLogStore } = require('@jangts/agent-trace/file'); const { describeTraceStoreConformance } = require('@jangts/agent-trace/conformance'); const { createPostgresTraceStore } = require('@jangts/agent-trace/postgres');${example}`).trim()).toBe(expected);
  });

  it('lets a user export a stored trace to OpenTelemetry from ESM and CJS, with the optional peer and the SDK', () => {
    const dir = project('trace-otel', ['agent-trace'], { ...otelApi, '@opentelemetry/sdk-trace-base': '2.12.1' });
    const example = `
      const directory = mkdtempSync(join(tmpdir(), 'trace-otel-'));
      const store = createFileLogStore({ directory });
      const exporter = new InMemorySpanExporter();
      const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
      const turn = withOtelSpans(store.open('run-1', 'turn'), { tracerProvider: provider });
      turn.record('model.start', { stageId: 'reply', providerId: 'anthropic' });
      turn.record('model.end', { stageId: 'reply', ok: true, finishReason: 'stop', usage: { inputTokens: 3, outputTokens: 2 } });
      exportTraceToOtel({ reader: store.reader, traceId: 'run-1', tracerProvider: provider, signal: AbortSignal.timeout(60000) }).then(async (result) => {
        await store.close();
        rmSync(directory, { recursive: true });
        const spans = exporter.getFinishedSpans().map((span) => [span.name, span.attributes['gen_ai.provider.name'] ?? null, span.attributes['agent_core.record.end_seq'] ?? null]);
        console.log(JSON.stringify({ spans, records: result.records }));
      });`;
    const expected = JSON.stringify({ spans: [['chat reply', 'anthropic', null], ['chat reply', 'anthropic', 2], ['agent_core.trace', null, 2]], records: 3 });
    const nodeImports = `import { mkdtempSync, rmSync } from 'node:fs'; import { tmpdir } from 'node:os'; import { join } from 'node:path'; import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';`;
    const nodeRequires = `const { mkdtempSync, rmSync } = require('node:fs'); const { tmpdir } = require('node:os'); const { join } = require('node:path'); const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');`;
    expect(node(dir, 'esm.mjs', `${nodeImports} import { createFileLogStore } from '@jangts/agent-trace/file'; import { exportTraceToOtel, withOtelSpans } from '@jangts/agent-trace/otel';${example}`).trim()).toBe(expected);
    expect(node(dir, 'cjs.cjs', `${nodeRequires} const { createFileLogStore } = require('@jangts/agent-trace/file'); const { exportTraceToOtel, withOtelSpans } = require('@jangts/agent-trace/otel');${example}`).trim()).toBe(expected);
  });

  it('reaches no Node built-in from the root, the conformance kit, the PostgreSQL store and the OpenTelemetry entry of @jangts/agent-trace, and keeps the file store off the umbrella root', () => {
    const dir = project('trace-neutral', ['agent-core']);
    const dist = join(dir, 'node_modules/@jangts/agent-trace/dist');
    for (const entry of ['index.js', 'index.cjs', 'conformance.js', 'conformance.cjs', 'otel.js', 'otel.cjs', 'postgres.js', 'postgres.cjs']) {
      // Every module the entry loads, followed through relative imports and requires of the package.
      const seen = new Set<string>();
      const pending = [join(dist, entry)];
      const builtIns: string[] = [];
      for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
        if (seen.has(file)) continue;
        seen.add(file);
        const text = readFileSync(file, 'utf8');
        for (const [, specifier = ''] of text.matchAll(/(?:from\s*|import\s*\(?\s*|require\s*\(\s*)["']([^"']+)["']/g)) {
          if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier));
          else if (isBuiltin(specifier)) builtIns.push(`${file}: ${specifier}`);
          // The PostgreSQL store takes the App's pool: it never loads its optional peer itself.
          else if (specifier === 'pg' || specifier.startsWith('pg/')) builtIns.push(`${file}: ${specifier} (the optional peer)`);
        }
      }
      expect(builtIns, entry).toEqual([]);
      expect(seen.size, entry).toBeGreaterThan(0);
    }
    const loaded = node(dir, 'root.mjs', `console.log(JSON.stringify(Object.keys(await import('@jangts/agent-core'))));`);
    expect(JSON.parse(loaded)).not.toContain('createFileLogStore');
    expect(JSON.parse(loaded)).toContain('ModelRunner');
  });

  it('shows AgentCoreError under its own name in ESM and CJS (the bundlers rename no class)', () => {
    const dir = project('error-name', ['agent-types']);
    const script = `const e = new AgentCoreError('CONFIG_INVALID', 'x');
      console.log(JSON.stringify([AgentCoreError.name, e.name, inspect(e).split('\\n')[0], String(e)]));`;
    const expected = JSON.stringify(['AgentCoreError', 'AgentCoreError', 'AgentCoreError: x', 'AgentCoreError: x']);
    expect(node(dir, 'esm.mjs', `import { AgentCoreError } from '@jangts/agent-types'; import { inspect } from 'node:util';\n${script}`).trim()).toBe(expected);
    expect(node(dir, 'cjs.cjs', `const { AgentCoreError } = require('@jangts/agent-types'); const { inspect } = require('node:util');\n${script}`).trim()).toBe(expected);
  });

  it('resolves every umbrella subpath from ESM and CJS with its public names', () => {
    const dir = project('umbrella', ['agent-core'], otelApi);
    const subpaths = Object.keys(expectedExports);
    const esm = node(dir, 'esm.mjs', `
      const out = {};
      for (const path of ${JSON.stringify(subpaths)}) out[path] = Object.keys(await import(path)).sort();
      console.log(JSON.stringify(out));`);
    const cjs = node(dir, 'cjs.cjs', `
      const out = {};
      for (const path of ${JSON.stringify(subpaths)}) out[path] = Object.keys(require(path)).filter((k) => k !== '__esModule').sort();
      console.log(JSON.stringify(out));`);
    for (const output of [esm, cjs]) {
      const loaded = JSON.parse(output) as Record<string, string[]>;
      for (const [path, names] of Object.entries(expectedExports)) {
        expect(loaded[path], path).toEqual(expect.arrayContaining([...names]));
      }
    }
  });

  it('type-checks a consumer of every subpath under module node16, as ESM and as CJS', () => {
    // The AI SDK adapter's types need its optional peer (whose own types need @types/json-schema),
    // and the OpenTelemetry entry's need @opentelemetry/api, as they would in an App that uses them.
    const dir = project('typed', ['agent-core'], { '@ai-sdk/provider': '^4.0.0', '@types/json-schema': '^7.0.15', ...otelApi });
    const imports = Object.keys(expectedExports)
      .map((path, index) => `import type * as entry${index} from '${path}';\nexport type Entry${index} = typeof entry${index};`)
      .join('\n');
    const usage = `
      import { ModelRunner, Support } from '@jangts/agent-core';
      import type { ReflectionSource } from '@jangts/agent-core/kits/reflection';
      import type { ContextFragment } from '@jangts/agent-core/types';
      export const runner = new ModelRunner({ provider: { async *stream() { yield 'hi'; } } });
      export const preview = Support.createReplyPreview({ rules: [{ stageId: 'reply' }], sink: () => undefined });
      export type Source = ReflectionSource<{ tenant: string }>;
      export const fragment: ContextFragment = { id: 'q', sourceId: 's', trust: 'user', lifetime: 'turn', maxChars: 10, role: 'user', value: 'hi' };`;
    writeFileSync(join(dir, 'entries.mts'), imports);
    writeFileSync(join(dir, 'usage.mts'), usage);
    writeFileSync(join(dir, 'entries.cts'), imports);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16', target: 'es2022', lib: ['es2023', 'dom'], strict: true, noEmit: true, skipLibCheck: false, types: [] }, files: ['entries.mts', 'usage.mts', 'entries.cts'] }),
    );
    expect(run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir)).toBe('');
  });

  it('type-checks every subpath but providers/ai-sdk and trace/otel without their optional peers', () => {
    const dir = project('typed-without-peer', ['agent-core']);
    expect(existsSync(join(dir, 'node_modules/@ai-sdk/provider'))).toBe(false);
    expect(existsSync(join(dir, 'node_modules/@opentelemetry/api'))).toBe(false);
    const imports = Object.keys(expectedExports)
      .filter((path) => path !== '@jangts/agent-core/providers/ai-sdk' && path !== '@jangts/agent-core/trace/otel')
      .map((path, index) => `import type * as entry${index} from '${path}';\nexport type Entry${index} = typeof entry${index};`)
      .join('\n');
    // The entries the API pages list for their symbols; /types is type-only but for validateContextFragment.
    const usage = `import type { ReflectionSource, ModelProvider } from '@jangts/agent-core/types';
      import { validateContextFragment } from '@jangts/agent-core/types';
      import { assembleFragments } from '@jangts/agent-core/types';
      import type { ReflectionSource as FromStructs } from '@jangts/agent-core/structs';
      import type { ReflectionSource as FromKits } from '@jangts/agent-core/kits';
      export type Source = ReflectionSource<{ tenant: string }> | FromStructs<{ tenant: string }> | FromKits<{ tenant: string }>;
      export type Provider = ModelProvider;
      export const validate: typeof validateContextFragment = validateContextFragment;
      // The API page types the rule's fields as \`string | undefined\`: explicit undefined is fine,
      // under exactOptionalPropertyTypes too.
      import type { ReplyPreviewRule } from '@jangts/agent-core/support';
      const maybeTool: string | undefined = Math.random() > 2 ? 'reply' : undefined;
      export const rule: ReplyPreviewRule = { toolId: maybeTool, stageId: undefined, paths: undefined, when: undefined };
      // @ts-expect-error -- a type-only export cannot be used as a value
      export const assemble: unknown = assembleFragments;
      // Every optional field an App writes takes an explicit undefined; the types fit together.
      import type { ContextFragment, LogRecord, OutputEvent, ReflectionEvidence, ReflectionPage } from '@jangts/agent-core/types';
      import type { ReplyPreviewOptions } from '@jangts/agent-core/support';
      const next: string | undefined = Math.random() > 2 ? 'c1' : undefined;
      const max: number | undefined = Math.random() > 2 ? 10 : undefined;
      export const page: ReflectionPage = { items: [], cursor: next, coverage: { consistency: 'snapshot', complete: true, gaps: [] } };
      declare const record: LogRecord;
      export const evidence: ReflectionEvidence = { id: 'e', type: record.type, text: 't', data: record.data };
      export const end: OutputEvent = { type: 'stage-end', stageId: 's', ok: false, code: next };
      export const maxChars: Pick<ReplyPreviewOptions, 'maxChars'> = { maxChars: max };
      export type AnySource = ReflectionSource;
      const editable: ContextFragment = { id: 'q', sourceId: 's', trust: 'user', lifetime: 'turn', maxChars: 10, role: 'user', value: 'hi' };
      editable.value = 'shorter';`;
    writeFileSync(join(dir, 'entries.mts'), `${imports}\n${usage}`);
    writeFileSync(join(dir, 'entries.cts'), imports);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'node16', moduleResolution: 'node16', target: 'es2022', lib: ['es2023', 'dom'], strict: true, exactOptionalPropertyTypes: true, noEmit: true, skipLibCheck: false, types: [] },
        files: ['entries.mts', 'entries.cts'],
      }),
    );
    expect(run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir)).toBe('');
    // Classic resolution ("module": "commonjs" implies node10): subpaths resolve through typesVersions.
    writeFileSync(
      join(dir, 'tsconfig.node10.json'),
      JSON.stringify({
        compilerOptions: { module: 'commonjs', target: 'es2022', lib: ['es2023', 'dom'], strict: true, noEmit: true, skipLibCheck: false, types: [] },
        files: ['entries.cts'],
      }),
    );
    expect(run(process.execPath, [tsc, '-p', 'tsconfig.node10.json'], dir)).toBe('');
  });
});
