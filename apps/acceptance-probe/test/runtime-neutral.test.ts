import { builtinModules } from 'node:module';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// SPEC §9: no node:* import reachable from the umbrella's neutral entries, nor from the roots of
// the packages behind them; no Buffer, no process. Bundled from the sources (the @jangts/source
// condition) for the browser platform, without Node polyfills: a Node built-in cannot resolve.
const neutral = [
  '@jangts/agent-core',
  '@jangts/agent-core/types',
  '@jangts/agent-core/structs',
  '@jangts/agent-core/context',
  '@jangts/agent-core/support',
  '@jangts/agent-core/kits',
  '@jangts/agent-core/kits/reflection',
  '@jangts/agent-core/kits/turn',
  '@jangts/agent-core/providers/scripted',
  '@jangts/agent-core/providers/openai-compatible',
  '@jangts/agent-core/providers/anthropic',
  '@jangts/agent-core/providers/ai-sdk',
  '@jangts/agent-core/trace',
  '@jangts/agent-core/trace/otel',
  '@jangts/agent-core/trace/postgres',
  '@jangts/agent-types',
  '@jangts/agent-context',
  '@jangts/agent-runner',
  '@jangts/agent-preview',
  '@jangts/agent-reflection',
  '@jangts/agent-turn',
  '@jangts/agent-trace',
];

const nodeNames = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

async function bundle(entry: string): Promise<{ text: string; imports: string[] }> {
  const imports: string[] = [];
  const result = await build({
    stdin: { contents: `export * from '${entry}';`, resolveDir: import.meta.dirname, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    conditions: ['@jangts/source'],
    // The optional peers are the App's.
    external: ['@opentelemetry/api', 'pg', '@ai-sdk/provider'],
    logLevel: 'silent',
    plugins: [
      {
        name: 'record-imports',
        setup(builder) {
          builder.onResolve({ filter: /.*/ }, (args) => {
            imports.push(args.path);
            return undefined;
          });
        },
      },
    ],
  });
  return { text: result.outputFiles[0]!.text, imports };
}

describe('runtime neutrality (SPEC §9)', () => {
  it.each(neutral)('%s reaches no Node built-in and no Buffer or process', async (entry) => {
    const { text, imports } = await bundle(entry);
    expect(imports.filter((specifier) => nodeNames.has(specifier))).toEqual([]);
    expect(text).not.toMatch(/\bBuffer\.(from|alloc|byteLength|isBuffer|concat)\b/);
    expect(text).not.toMatch(/\bprocess\.(env|nextTick|versions|platform|hrtime|cwd|stdout|stderr|exit)\b/);
  });

  it('the file store subpath is the Node-only one (the check can fail)', async () => {
    await expect(bundle('@jangts/agent-core/trace/file')).rejects.toThrow();
  });
});
