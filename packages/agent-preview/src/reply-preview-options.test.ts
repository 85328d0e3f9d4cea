import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { JsonPathPatternSchema } from './json-path-pattern.js';
import { PartialJsonReaderOptionsSchema } from './partial-json-reader.js';
import { ReplyPreviewOptionsSchema } from './reply-preview-options.js';
import { ReplyPreviewRuleSchema } from './reply-preview-rule.js';

const sink = (): void => undefined;

describe('ReplyPreviewOptionsSchema', () => {
  it("is a TypeBox schema TypeBox's compiler and Value.Check read as the door does, refinements included", () => {
    const compiled = Compile(ReplyPreviewOptionsSchema);
    const accepted = [
      { rules: [{ toolId: 'reply', paths: [['bubbles', '*']], when: { path: ['mode'], values: ['chat'] } }, {}], sink },
      { rules: [{ toolId: 'reply', stageId: 'answer' }, { toolId: 'reply' }], sink, maxChars: 10, coalesce: 'frame', live: true },
      { rules: [{}], sink, coalesce: { intervalMs: 16 } },
    ];
    const refused = [
      { rules: [], sink },
      { rules: [{}], sink: 'not a function' },
      { rules: [{}], sink, unknown: true },
      { rules: [{}], sink, maxChars: 0 },
      { rules: [{}], sink, coalesce: { intervalMs: 2_147_483_648 } },
      { rules: [{}], sink, coalesce: 'later' },
      // Refinements: a shadowed rule, paths without toolId, a wildcard inside a segment or in a when path.
      { rules: [{ toolId: 'reply' }, { toolId: 'reply', stageId: 'answer' }], sink },
      { rules: [{ paths: [['text']] }], sink },
      { rules: [{ toolId: 'reply', paths: [['te*t']] }], sink },
      { rules: [{ toolId: 'reply', when: { path: ['*'], values: ['chat'] } }], sink },
    ];
    for (const options of accepted) {
      expect(Value.Check(ReplyPreviewOptionsSchema, options)).toBe(true);
      expect(compiled.Check(options)).toBe(true);
    }
    for (const options of refused) {
      expect(Value.Check(ReplyPreviewOptionsSchema, options)).toBe(false);
      expect(compiled.Check(options)).toBe(false);
    }
  });

  it('is made of TypeBox schema objects, hidden kinds included', () => {
    const kind = (schema: unknown): unknown => (schema as { readonly '~kind'?: unknown })['~kind'];
    expect(kind(ReplyPreviewOptionsSchema)).toBe('Object');
    expect(kind(ReplyPreviewRuleSchema)).toBe('Object');
    expect(kind(JsonPathPatternSchema)).toBe('Array');
    expect(kind(PartialJsonReaderOptionsSchema)).toBe('Object');
    expect(Object.keys(ReplyPreviewOptionsSchema)).toEqual(['type', 'required', 'properties', 'additionalProperties']);
    expect(Value.Check(PartialJsonReaderOptionsSchema, { paths: [['bubbles', '*']], value: false })).toBe(true);
    expect(Value.Check(PartialJsonReaderOptionsSchema, { paths: [[]] })).toBe(false);
  });
});
