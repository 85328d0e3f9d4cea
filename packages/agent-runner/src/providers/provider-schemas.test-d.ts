import type { Static } from 'typebox';
import { describe, expectTypeOf, it } from 'vitest';
import type { AiSdkCallSettingsSchema} from './ai-sdk.js';
import { type AiSdkCallSettings } from './ai-sdk.js';
import type { AnthropicProviderOptionsSchema} from './anthropic.js';
import { type AnthropicProviderOptions } from './anthropic.js';
import type { OpenAICompatibleProviderOptionsSchema} from './openai-compatible.js';
import { type OpenAICompatibleProviderOptions } from './openai-compatible.js';
import type { ScriptedProviderOptionsSchema, ScriptedStepSchema} from './scripted.js';
import { type ScriptedFailure, type ScriptedProviderOptions, type ScriptedReply } from './scripted.js';

describe('provider schemas and their types', () => {
  it('name the same options, and every value of a type fits its schema', () => {
    expectTypeOf<keyof OpenAICompatibleProviderOptions>().toEqualTypeOf<keyof Static<typeof OpenAICompatibleProviderOptionsSchema>>();
    expectTypeOf<OpenAICompatibleProviderOptions>().toExtend<Static<typeof OpenAICompatibleProviderOptionsSchema>>();
    expectTypeOf<keyof AnthropicProviderOptions>().toEqualTypeOf<keyof Static<typeof AnthropicProviderOptionsSchema>>();
    expectTypeOf<AnthropicProviderOptions>().toExtend<Static<typeof AnthropicProviderOptionsSchema>>();
    expectTypeOf<keyof ScriptedProviderOptions>().toEqualTypeOf<keyof Static<typeof ScriptedProviderOptionsSchema>>();
    expectTypeOf<ScriptedProviderOptions>().toExtend<Static<typeof ScriptedProviderOptionsSchema>>();
    expectTypeOf<keyof AiSdkCallSettings>().toEqualTypeOf<keyof Static<typeof AiSdkCallSettingsSchema>>();
    expectTypeOf<AiSdkCallSettings>().toExtend<Static<typeof AiSdkCallSettingsSchema>>();
  });

  it('read a reply and a failure as one object of both their fields', () => {
    type Step = Static<typeof ScriptedStepSchema>;
    expectTypeOf<keyof ScriptedReply | keyof ScriptedFailure>().toEqualTypeOf<keyof Extract<Step, { text?: unknown }>>();
    expectTypeOf<string>().toExtend<Step>();
  });
});
