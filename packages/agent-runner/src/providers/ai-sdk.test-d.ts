import type { LanguageModelV3, LanguageModelV4 } from '@ai-sdk/provider';
import { describe, expectTypeOf, it } from 'vitest';
import { fromAiSdkModel, type AiSdkCallSettings, type AiSdkLanguageModel } from './ai-sdk.js';

describe('fromAiSdkModel types', () => {
  it('takes a language model of specification v4 or v3', () => {
    expectTypeOf<LanguageModelV4>().toExtend<AiSdkLanguageModel>();
    expectTypeOf<LanguageModelV3>().toExtend<AiSdkLanguageModel>();
    expectTypeOf<{ specificationVersion: 'v2'; provider: string; modelId: string }>().not.toExtend<AiSdkLanguageModel>();
    expectTypeOf<string>().not.toExtend<AiSdkLanguageModel>();
  });

  it('takes the call settings both versions share, and v4 reasoning, but no misspelt one', () => {
    expectTypeOf<{ temperature: number; maxOutputTokens: undefined; reasoning: 'low' }>().toExtend<AiSdkCallSettings>();
    expectTypeOf(fromAiSdkModel).parameter(1).toEqualTypeOf<AiSdkCallSettings | undefined>();
    // @ts-expect-error -- a misspelt setting
    const misspelt: AiSdkCallSettings = { temprature: 0.2 };
    expectTypeOf(misspelt).toEqualTypeOf<AiSdkCallSettings>();
  });
});
