import { readFileSync, writeFileSync } from 'node:fs';
import { emitReader, parser, parseWith, type ParserOptions } from '@jangts/agent-types/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as checks from './reply-preview-checks.js';
import { ReplyPreviewOptionsSchema } from './reply-preview-options.js';
import { readReplyPreviewOptions } from './reply-preview-options-reader.js';

const file = new URL('./reply-preview-options-reader.ts', import.meta.url);
const header = [
  '// Generated from ReplyPreviewOptionsSchema by emitReader (@jangts/agent-types/internal): do not edit.',
  '// reply-preview-options-reader.test.ts fails when this file differs from what emitReader writes now;',
  '// `UPDATE_READERS=1 pnpm --filter @jangts/agent-preview exec vitest run reply-preview-options-reader` rewrites it.',
].join('\n');

const door: ParserOptions = { subject: 'createReplyPreview options', code: 'CONFIG_INVALID', name: 'options' };
const compiled = parser(ReplyPreviewOptionsSchema, door);
const generated = parseWith(readReplyPreviewOptions, door);

/** What a door made of `value`: its copy, or the error's code, message and details. */
function outcome(parse: (value: unknown) => unknown, value: unknown): unknown {
  try {
    return { copy: parse(value) };
  } catch (error) {
    const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
    return { code, message, details };
  }
}

const sink = (): void => undefined;
const segment = fc.oneof(fc.constantFrom('*', 'text', 'bubbles', 'te*t', '', '0'), fc.string({ maxLength: 4 }));
const anything = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.double(), fc.string({ maxLength: 3 }), fc.boolean(), fc.constant(sink), fc.array(fc.integer(), { maxLength: 2 }));
const optional = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arbitrary, { nil: undefined, freq: 3 });
const rule = fc.record(
  {
    toolId: optional(fc.oneof(fc.constantFrom('reply', 'other', ''), anything)),
    stageId: optional(fc.oneof(fc.constantFrom('answer', ''), anything)),
    paths: optional(fc.oneof(fc.array(fc.array(segment, { maxLength: 3 }), { maxLength: 3 }), anything)),
    when: optional(
      fc.oneof(
        fc.record({ path: fc.oneof(fc.array(segment, { maxLength: 2 }), anything), values: fc.oneof(fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }), anything) }, { requiredKeys: [] }),
        anything,
      ),
    ),
    tolId: optional(fc.string({ maxLength: 2 })),
  },
  { requiredKeys: [] },
);
const options = fc.record(
  {
    rules: fc.oneof({ weight: 4, arbitrary: fc.array(rule, { maxLength: 4 }) }, { weight: 1, arbitrary: anything }),
    sink: fc.oneof({ weight: 4, arbitrary: fc.constant(sink) }, { weight: 1, arbitrary: anything }),
    maxChars: optional(fc.oneof(fc.integer({ min: -2, max: 50 }), fc.constant(Number.MAX_SAFE_INTEGER + 1), anything)),
    coalesce: optional(fc.oneof(fc.constant('frame'), fc.constant('later'), fc.record({ intervalMs: fc.oneof(fc.integer({ min: -1, max: 2_147_483_648 }), anything) }, { requiredKeys: [] }), anything)),
    live: optional(fc.oneof(fc.boolean(), anything)),
    lve: optional(fc.boolean()),
  },
  { requiredKeys: [] },
);

describe('reply-preview-options-reader.ts (the generated door of createReplyPreview options)', () => {
  it('is what emitReader writes from ReplyPreviewOptionsSchema now', () => {
    const source = emitReader({ readers: { readReplyPreviewOptions: ReplyPreviewOptionsSchema }, imports: { './reply-preview-checks.js': checks }, header });
    if (process.env.UPDATE_READERS === '1') writeFileSync(file, source);
    expect(readFileSync(file, 'utf8')).toBe(source);
  });

  it('accepts and refuses as the reader compiled from the schema does, with the same copy or the same error', () => {
    fc.assert(
      fc.property(fc.oneof(options, anything), (value) => {
        expect(outcome(generated, value)).toEqual(outcome((input) => compiled.parse(input), value));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses each kind of mistake with the message the compiled door gives', () => {
    const mistakes: unknown[] = [
      undefined,
      { rules: [], sink },
      { rules: [{}], sink: 'not a function' },
      { rules: [{}], sink, lve: true },
      { rules: [{}], sink, maxChars: 0 },
      { rules: [{}], sink, coalesce: { intervalMs: 2_147_483_648 } },
      { rules: [{}], sink, coalesce: 'later' },
      { rules: [{ toolId: 'reply' }, { toolId: 'reply', stageId: 'answer' }], sink },
      { rules: [{ paths: [['text']] }], sink },
      { rules: [{ toolId: 'reply', paths: [['te*t']] }], sink },
      { rules: [{ toolId: 'reply', when: { path: ['*'], values: ['chat'] } }], sink },
    ];
    for (const value of mistakes) {
      const expected = outcome((input) => compiled.parse(input), value) as { code?: unknown };
      expect(expected.code).toBe('CONFIG_INVALID');
      expect(outcome(generated, value)).toEqual(expected);
    }
  });
});
