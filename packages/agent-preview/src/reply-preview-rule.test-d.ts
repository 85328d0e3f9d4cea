import type { MaybePromise, OutputSink } from '@jangts/agent-types';
import type { Static } from 'typebox';
import { describe, expectTypeOf, it } from 'vitest';
import type { ReplyPreview } from './create-reply-preview.js';
import type { PartialJsonReaderOptions, PartialJsonReaderOptionsSchema } from './partial-json-reader.js';
import type { ReplyPreviewChange, ReplyPreviewOptions, ReplyPreviewOptionsSchema, ReplyPreviewSink } from './reply-preview-options.js';
import type { ReplyPreviewRule, ReplyPreviewRuleSchema } from './reply-preview-rule.js';

describe('ReplyPreviewRule', () => {
  it('has exactly the fields of the seed page', () => {
    expectTypeOf<ReplyPreviewRule>().toEqualTypeOf<{
      toolId?: string | undefined;
      stageId?: string | undefined;
      paths?: readonly (readonly string[])[] | undefined;
      when?: { path: readonly string[]; values: readonly string[] } | undefined;
    }>();
  });

  it('agrees with its schema: what the parser returns is a rule, field for field', () => {
    expectTypeOf<Static<typeof ReplyPreviewRuleSchema>>().toExtend<ReplyPreviewRule>();
    expectTypeOf<keyof Static<typeof ReplyPreviewRuleSchema>>().toEqualTypeOf<keyof ReplyPreviewRule>();
  });

  it('types the sink, the options and the returned output sink', () => {
    expectTypeOf<ReplyPreviewSink>().toEqualTypeOf<(bubbles: readonly string[], change: ReplyPreviewChange) => MaybePromise<void>>();
    // The seed pages' sinks take the bubbles alone.
    expectTypeOf<(bubbles: readonly string[]) => void>().toExtend<ReplyPreviewSink>();
    expectTypeOf<(bubbles: readonly string[]) => Promise<void>>().toExtend<ReplyPreviewSink>();
    expectTypeOf<ReplyPreviewOptions>().toHaveProperty('maxChars').toEqualTypeOf<number | undefined>();
    expectTypeOf<ReplyPreviewOptions>().toHaveProperty('coalesce').toEqualTypeOf<'frame' | { readonly intervalMs: number } | undefined>();
    expectTypeOf<ReplyPreview>().toExtend<OutputSink>();
  });

  it('has option types that agree with their schemas', () => {
    expectTypeOf<Static<typeof ReplyPreviewOptionsSchema>>().toExtend<ReplyPreviewOptions>();
    expectTypeOf<keyof Static<typeof ReplyPreviewOptionsSchema>>().toEqualTypeOf<keyof ReplyPreviewOptions>();
    expectTypeOf<Static<typeof PartialJsonReaderOptionsSchema>>().toExtend<PartialJsonReaderOptions>();
    expectTypeOf<keyof Static<typeof PartialJsonReaderOptionsSchema>>().toEqualTypeOf<keyof PartialJsonReaderOptions>();
  });
});
