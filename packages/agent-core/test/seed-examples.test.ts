import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The examples of the three seed pages (../shared/seeds), copied verbatim into ./seeds in their
 * TypeScript and JavaScript variants, run as written against the umbrella's entry points.
 */
async function printed(load: () => Promise<unknown>): Promise<unknown[][]> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await load();
  const calls: unknown[][] = log.mock.calls.map((call): unknown[] => [...(call as unknown[])]);
  log.mockRestore();
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const question = { role: 'user', content: '现在服务状态怎样?', fragmentIds: ['question'] };
const usage = { id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', role: 'user', chars: 9, maxChars: 1000 };

describe('validateContextFragment page examples', () => {
  it.each([
    ['ts', () => import('./seeds/assemble-fragments.js')],
    ['js', () => import('./seeds/assemble-fragments.mjs')],
  ])('assembles one user fragment and prints its message and usage (%s)', async (_variant, load) => {
    expect(await printed(load)).toEqual([[[question], [usage]]]);
  });

  it.each([
    ['ts', () => import('./seeds/assemble-context-plan.js')],
    ['js', () => import('./seeds/assemble-context-plan.mjs')],
  ])('audits an unchanged plan and prints its size (%s)', async (_variant, load) => {
    expect(await printed(load)).toEqual([[9]]);
  });
});

describe('ReplyPreviewRule page examples', () => {
  it.each([
    ['ts', () => import('./seeds/plain-text-preview.js')],
    ['js', () => import('./seeds/plain-text-preview.mjs')],
  ])('previews a plain-text stage as it streams, then prints the reply (%s)', async (_variant, load) => {
    expect(await printed(load)).toEqual([['preview', ['你好']], ['preview', ['你好,Core']], ['你好,Core']]);
  });

  it.each([
    ['ts', () => import('./seeds/tool-preview-rule.js')],
    ['js', () => import('./seeds/tool-preview-rule.mjs')],
  ])('creates a preview for an explicit body protocol (%s)', async (_variant, load) => {
    expect(await printed(load)).toEqual([['object']]);
  });
});
