import { describe, expect, it } from 'vitest';
import { formatSizes, measureSizes, readBudgets } from '../src/measure-sizes.js';

/**
 * Weight budgets (SPEC §9): each umbrella subpath, bundled with all its dependencies and
 * minified, stays within its min+gzip budget, and importing `createReplyPreview` pulls no schema
 * compiler. The table is printed on every run.
 */
describe('size budgets', () => {
  it('keeps every umbrella subpath and probe within its min+gzip budget', async () => {
    const rows = await measureSizes();
    console.log(`\n${formatSizes(rows)}\n`);
    const over = rows.filter((row) => row.gzipped > row.budget).map((row) => `${row.name}: ${row.gzipped} > ${row.budget}`);
    expect(over).toEqual([]);
  });

  it('bundles every subpath but the Node-only trace store for a runtime-neutral target (no Node built-in reachable)', async () => {
    const rows = await measureSizes();
    expect(rows.filter((row) => row.neutralError !== undefined).map((row) => `${row.name}: ${row.neutralError}`)).toEqual([]);
  });

  it('lists a budget for every subpath the umbrella exports', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../../../packages/agent-core/package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const subpaths = Object.keys(manifest.exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? '@jangts/agent-core' : `@jangts/agent-core/${key.slice(2)}`));
    expect(Object.keys(readBudgets().subpaths).sort()).toEqual(subpaths.sort());
  });

  it('pulls no schema compiler into a bundle of createReplyPreview', async () => {
    const rows = await measureSizes({ subpaths: {}, probes: { createReplyPreview: readBudgets().probes.createReplyPreview! } });
    expect(rows[0]?.compiler).toBe(false);
  });
});
