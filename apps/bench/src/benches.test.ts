import { describe, expect, it } from 'vitest';
import { BENCHES } from './benches.js';
import { formatResults } from './format-results.js';

// The benches' child processes (heap probes, cold imports) load the workspace packages from their
// sources, as this test does: CI needs no build for the smoke run.
process.env.AGENT_BENCH_SOURCE = '1';

/** A smoke run of every benchmark at its tiny size: it runs, measures ours against a floor or peer, and formats. */
describe.each(Object.entries(BENCHES))('%s bench', (name, bench) => {
  it('measures ours against a floor or a peer at the smoke size', async () => {
    const results = await bench('smoke');
    expect(results.some((result) => result.role === 'ours')).toBe(true);
    expect(results.some((result) => result.role !== 'ours')).toBe(true);
    for (const result of results) {
      expect(result.bench).toBe(name);
      expect(Number.isFinite(result.value)).toBe(true);
      if (result.versus !== undefined) expect(Number.isFinite(result.versus.ratio)).toBe(true);
    }
    expect(formatResults(results)).toContain(`| ${name} |`);
  });
});
