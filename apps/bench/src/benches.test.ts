import { describe, expect, it } from 'vitest';
import type { Bench } from './bench-result.js';
import { contextAssembly } from './context-assembly.js';
import { formatResults } from './format-results.js';
import { logStore } from './log-store.js';
import { previewThroughRunner } from './preview-through-runner.js';
import { providerParse } from './provider-parse.js';
import { reflectionOverhead } from './reflection-overhead.js';
import { replyPreview } from './reply-preview.js';
import { runnerOverhead } from './runner-overhead.js';
import { traceStores } from './trace-stores.js';

/** A smoke run of every benchmark at its tiny size: it runs, measures ours against a floor, and formats. */
describe.each([
  ['context-assembly', contextAssembly],
  ['runner-overhead', runnerOverhead],
  ['log-store', logStore],
  ['trace-stores', traceStores],
  ['reply-preview', replyPreview],
  ['preview-through-runner', previewThroughRunner],
  ['provider-parse', providerParse],
  ['reflection-overhead', reflectionOverhead],
] as [string, Bench][])('%s bench', (name, bench) => {
  it('measures ours and a floor at the smoke size', async () => {
    const results = await bench('smoke');
    expect(results.length).toBeGreaterThan(0);
    expect(results.some((result) => result.role === 'ours')).toBe(true);
    expect(results.some((result) => result.role === 'floor')).toBe(true);
    for (const result of results) {
      expect(result.bench).toBe(name);
      expect(Number.isFinite(result.ms) && result.ms >= 0).toBe(true);
    }
    expect(formatResults(results)).toContain(`| ${name} |`);
  });
});
