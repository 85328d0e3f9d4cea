import type { MaybePromise, OutputSink } from '@jangts/agent-types';
import { describe, expectTypeOf, it } from 'vitest';
import type { ReplyPreview, ReplyPreviewOptions, ReplyPreviewSink } from './create-reply-preview.js';
import type { ReplyPreviewRule } from './reply-preview-rule.js';

describe('ReplyPreviewRule', () => {
  it('has exactly the fields of the seed page', () => {
    expectTypeOf<ReplyPreviewRule>().toEqualTypeOf<{
      toolId?: string | undefined;
      stageId?: string | undefined;
      paths?: readonly (readonly string[])[] | undefined;
      when?: { path: readonly string[]; values: readonly string[] } | undefined;
    }>();
  });

  it('types the sink, the options and the returned output sink', () => {
    expectTypeOf<ReplyPreviewSink>().toEqualTypeOf<(bubbles: readonly string[]) => MaybePromise<void>>();
    expectTypeOf<ReplyPreviewOptions>().toHaveProperty('maxChars').toEqualTypeOf<number | undefined>();
    expectTypeOf<ReplyPreview>().toExtend<OutputSink>();
  });
});
