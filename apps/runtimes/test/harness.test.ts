import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_DIRECTORY, buildBundles } from '../src/matrix/build-bundles.js';
import { RUNTIME_IDS, missingRuntime, runRuntime, runtimeName } from '../src/matrix/runtimes.js';
import { RUNTIMES_DIRECTORY } from '../src/matrix/runtimes-directory.js';

// The matrix's own runners, on probe programs that need no library: each runner can pass, and a
// program needing Node's globals or built-ins fails in workerd and Chromium (no polyfill hides it).
const inCI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const probe = (name: string): string => join(RUNTIMES_DIRECTORY, 'test/probes', `${name}.ts`);
const probeBundles = (name: string): string => join(BUNDLE_DIRECTORY, `probe-${name}`);
const runnable = (id: (typeof RUNTIME_IDS)[number]): boolean => inCI || missingRuntime(id) === undefined;

describe('the runners', () => {
  it('print the same JSON for a program of Web APIs only, in every runtime', async () => {
    const bundles = await buildBundles(probe('portable-program'), probeBundles('portable'));
    const outputs = new Map<string, string>();
    for (const id of RUNTIME_IDS.filter(runnable)) {
      const outcome = await runRuntime(id, bundles);
      if (!outcome.ok) throw new Error(`${runtimeName(id)} failed (${outcome.stage}):\n${outcome.error}`);
      outputs.set(id, outcome.output);
    }
    expect(JSON.parse(outputs.get('node')!)).toEqual({ ok: true, text: '你好, Core', bytes: 12, json: { a: [1, 2, { b: null }] }, sorted: ['a', 'b', 'c'] });
    for (const [id, output] of outputs) expect(output, id).toBe(outputs.get('node'));
  });

  it('fail in workerd and Chromium for a program using Buffer, with the engine\'s error', async () => {
    const bundles = await buildBundles(probe('buffer-program'), probeBundles('buffer'));
    const node = await runRuntime('node', bundles);
    expect(node).toMatchObject({ ok: true, output: '{"ok":true,"length":6}' });
    for (const id of (['workerd', 'chromium'] as const).filter(runnable)) {
      const outcome = await runRuntime(id, bundles);
      expect(outcome, id).toMatchObject({ ok: false, stage: 'run' });
      expect(outcome.ok ? '' : outcome.error, id).toMatch(/ReferenceError: Buffer is not defined/);
    }
  });

  it('fail to bundle for workerd and Chromium a program importing a Node built-in', async () => {
    const bundles = await buildBundles(probe('node-import-program'), probeBundles('node-import'));
    expect(bundles.server.ok).toBe(true);
    for (const id of (['workerd', 'chromium'] as const).filter(runnable)) {
      const outcome = await runRuntime(id, bundles);
      expect(outcome).toMatchObject({ ok: false, stage: 'bundle' });
      expect(outcome.ok ? '' : outcome.error).toContain('Could not resolve "node:fs"');
    }
  });
});
